import { Separator, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../auth-card';
import { ProviderButtons } from '../provider-buttons';
import { ProviderErrorMessage, ProviderSignIn, takeProviderReturn } from '../provider-sign-in';
import { safeRedirect } from '../safe-redirect';
import { SignInForm } from '../sign-in-form';
import { useAuthSettings } from '../use-auth-settings';
import { useSession } from '../use-session';

/**
 * /auth/login: the sign-in form and the configured providers; afterwards back to the `redirect` query (a path of
 * this site) or home. A provider sends the browser back here with its ID token in the fragment, which this page
 * exchanges (docs/auth.md "Sign-in with a directory or Google"), or with `providerError`.
 */
export function LoginPage() {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const { settings } = useAuthSettings();
  const [query] = useSearchParams();
  const target = safeRedirect(query.get('redirect'));
  const providerError = query.get('providerError');
  const [providerReturn, setProviderReturn] = useState(takeProviderReturn);
  // Held while the form shows the recovery codes of an enrolment at sign-in: the session has started already.
  const [held, setHeld] = useState(false);
  if (session.ready && session.status === 'signed-in' && !held && !providerReturn) return <Navigate to={target} replace />;
  return (
    <AuthCard title={t`Sign in`} testId="login-page">
      {providerReturn ? (
        <ProviderSignIn back={providerReturn} onHold={setHeld} onSignedIn={(returnTo) => void navigate(returnTo, { replace: true })} onCancel={() => setProviderReturn(undefined)} />
      ) : (
        <Stack gap="5">
          {providerError && <ProviderErrorMessage reason={providerError} />}
          <SignInForm mode="page" onHold={setHeld} onSignedIn={() => void navigate(target, { replace: true })} />
          {(settings.providers ?? []).length > 0 && (
            <>
              <Separator />
              <ProviderButtons providers={settings.providers ?? []} returnTo={target} remember={false} />
            </>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
