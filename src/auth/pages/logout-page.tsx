import { Center, Spinner } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../use-session-store';

/** /logout: ends the session (server and browser), which also closes an open re-login dialog, then the login page. */
export function LogoutPage({ loginPath = '/auth/login' }: { loginPath?: string }) {
  const store = useSessionStore();
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void store.signOut().then(() => {
      if (current) void navigate(loginPath, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [store, navigate, loginPath]);
  return (
    <Center minH="100vh" data-testid="logout-page">
      <Spinner />
    </Center>
  );
}
