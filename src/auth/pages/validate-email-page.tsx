import { Link, Spinner, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { confirmRegistration } from '../auth-api';
import { AuthCard } from '../auth-card';
import { messageOf } from '../field-errors';
import { FormMessage } from '../form-message';

type Outcome = { state: 'confirming' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/** /auth/validate-email?token=...: confirms the registration once (the link's token works a single time). */
export function ValidateEmailPage({ loginPath = '/auth/login' }: { loginPath?: string }) {
  const { t } = useLingui();
  const [query] = useSearchParams();
  const token = query.get('token');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  // One call per token even when StrictMode runs the effect twice: a second call would find the token used.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    confirmRegistration(token).then(
      () => setOutcome({ state: 'confirmed' }),
      (error: unknown) => setOutcome({ state: 'failed', message: messageOf(error) }),
    );
  }, [token]);

  return (
    <AuthCard title={t`Confirm e-mail address`} testId="validate-email-page">
      {!token ? (
        <FormMessage kind="error" testId="validate-email-failed">
          <Trans>The link is incomplete: it carries no confirmation token.</Trans>
        </FormMessage>
      ) : outcome.state === 'confirming' ? (
        <HStack>
          <Spinner size="sm" />
          <Text>
            <Trans>Confirming your e-mail address…</Trans>
          </Text>
        </HStack>
      ) : outcome.state === 'confirmed' ? (
        <FormMessage kind="success" testId="validate-email-done">
          <Trans>Your e-mail address is confirmed and your user is active. You can sign in now.</Trans>
        </FormMessage>
      ) : (
        <FormMessage kind="error" testId="validate-email-failed">
          {outcome.message}
        </FormMessage>
      )}
      <Link asChild colorPalette="teal" textStyle="sm">
        <RouterLink to={loginPath}>
          <Trans>Go to sign in</Trans>
        </RouterLink>
      </Link>
    </AuthCard>
  );
}
