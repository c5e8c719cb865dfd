import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../auth-card';
import { safeRedirect } from '../safe-redirect';
import { SignInForm } from '../sign-in-form';
import { useSession } from '../use-session';

/** /auth/login: the sign-in form; afterwards back to the `redirect` query (a path of this site) or home. */
export function LoginPage() {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const target = safeRedirect(query.get('redirect'));
  // Held while the form shows the recovery codes of an enrolment at sign-in: the session has started already.
  const [held, setHeld] = useState(false);
  if (session.ready && session.status === 'signed-in' && !held) return <Navigate to={target} replace />;
  return (
    <AuthCard title={t`Sign in`} testId="login-page">
      <SignInForm mode="page" onHold={setHeld} onSignedIn={() => void navigate(target, { replace: true })} />
    </AuthCard>
  );
}
