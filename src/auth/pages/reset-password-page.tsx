import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { requestPasswordReset, setPassword } from '../auth-api';
import { AuthCard } from '../auth-card';
import { fieldErrorsOf, messageOf } from '../field-errors';
import { FormMessage } from '../form-message';
import { TextField } from '../text-field';
import { useNewPassword } from '../use-new-password';

function BackToLogin({ loginPath }: { loginPath: string }) {
  return (
    <Link asChild colorPalette="teal" textStyle="sm">
      <RouterLink to={loginPath}>
        <Trans>Back to sign in</Trans>
      </RouterLink>
    </Link>
  );
}

function RequestReset({ loginPath }: { loginPath: string }) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [done, setDone] = useState(false);
  const missing = !username.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (missing) return;
    setBusy(true);
    try {
      await requestPasswordReset(username.trim());
      setDone(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <FormMessage kind="success" testId="reset-requested">
          <Trans>If the user exists and has an e-mail address, we sent a link to set a new password. It works once, for one hour.</Trans>
        </FormMessage>
        <BackToLogin loginPath={loginPath} />
      </>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted">
          <Trans>Enter your username; we send you an e-mail with a link to set a new password.</Trans>
        </Text>
        <TextField
          name="username"
          label={<Trans>Username</Trans>}
          value={username}
          onChange={(value) => {
            setUsername(value);
            setFailure(undefined);
          }}
          autoComplete="username"
          required
          autoFocus
          error={(attempted && missing ? t`Please enter your username.` : undefined) ?? fieldErrorsOf(failure).username}
        />
        <Button type="submit" colorPalette="teal" loading={busy}>
          <Trans>Send link</Trans>
        </Button>
        {failure !== undefined && <FormMessage kind="error">{messageOf(failure)}</FormMessage>}
        <BackToLogin loginPath={loginPath} />
      </Stack>
    </form>
  );
}

function SetNewPassword({ token, loginPath }: { token: string; loginPath: string }) {
  const [attempted, setAttempted] = useState(false);
  const fields = useNewPassword(attempted);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!fields.valid) return;
    setBusy(true);
    try {
      await setPassword(token, fields.password);
      setDone(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <FormMessage kind="success" testId="password-set">
          <Trans>Your new password is set. You can sign in with it now.</Trans>
        </FormMessage>
        <BackToLogin loginPath={loginPath} />
      </>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        <TextField name="newPassword" type="password" label={<Trans>New password</Trans>} value={fields.password} onChange={fields.setPassword} autoComplete="new-password" required autoFocus error={fields.passwordError ?? fieldErrorsOf(failure).newPassword} />
        <TextField name="confirmation" type="password" label={<Trans>Repeat new password</Trans>} value={fields.confirmation} onChange={fields.setConfirmation} autoComplete="new-password" required error={fields.confirmationError} />
        <Button type="submit" colorPalette="teal" loading={busy}>
          <Trans>Set password</Trans>
        </Button>
        {failure !== undefined && <FormMessage kind="error" testId="set-password-error">{messageOf(failure)}</FormMessage>}
        <BackToLogin loginPath={loginPath} />
      </Stack>
    </form>
  );
}

/** /auth/reset-password: asks for a reset link, or with `?token=` from that link sets the new password. */
export function ResetPasswordPage({ loginPath = '/auth/login' }: { loginPath?: string }) {
  const { t } = useLingui();
  const [query] = useSearchParams();
  const token = query.get('token');
  return (
    <AuthCard title={t`Reset password`} testId="reset-password-page">
      {token ? <SetNewPassword token={token} loginPath={loginPath} /> : <RequestReset loginPath={loginPath} />}
    </AuthCard>
  );
}
