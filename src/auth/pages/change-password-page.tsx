import { Button, Link, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { changePassword } from '../auth-api';
import { AuthCard } from '../auth-card';
import { fieldErrorsOf, messageOf } from '../field-errors';
import { FormMessage } from '../form-message';
import { TextField } from '../text-field';
import { useNewPassword } from '../use-new-password';
import { useSessionStore } from '../use-session-store';

/** /auth/change-password (signed-in users): the server ends the old token and answers a new one, which we keep. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const store = useSessionStore();
  const [current, setCurrent] = useState('');
  const [attempted, setAttempted] = useState(false);
  const fields = useNewPassword(attempted);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [done, setDone] = useState(false);
  const currentError = attempted && !current ? t`Please enter your current password.` : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!current || !fields.valid) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const renewed = await changePassword(current, fields.password);
      if (renewed) store.acceptToken(renewed);
      setDone(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const home = (
    <Link asChild colorPalette="teal" textStyle="sm">
      <RouterLink to="/">
        <Trans>Back to the start page</Trans>
      </RouterLink>
    </Link>
  );
  if (done) {
    return (
      <AuthCard title={t`Change password`} testId="change-password-page">
        <FormMessage kind="success" testId="password-changed">
          <Trans>Your password is changed. Other sessions of your user have been signed out.</Trans>
        </FormMessage>
        {home}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Change password`} testId="change-password-page">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <TextField name="password" type="password" label={<Trans>Current password</Trans>} value={current} onChange={setCurrent} autoComplete="current-password" required autoFocus error={currentError ?? fieldErrorsOf(failure).password} />
          <TextField name="newPassword" type="password" label={<Trans>New password</Trans>} value={fields.password} onChange={fields.setPassword} autoComplete="new-password" required error={fields.passwordError ?? fieldErrorsOf(failure).newPassword} />
          <TextField name="confirmation" type="password" label={<Trans>Repeat new password</Trans>} value={fields.confirmation} onChange={fields.setConfirmation} autoComplete="new-password" required error={fields.confirmationError} />
          <Button type="submit" colorPalette="teal" loading={busy}>
            <Trans>Change password</Trans>
          </Button>
          {failure !== undefined && <FormMessage kind="error" testId="change-password-error">{messageOf(failure)}</FormMessage>}
          {home}
        </Stack>
      </form>
    </AuthCard>
  );
}
