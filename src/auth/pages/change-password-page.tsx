import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { changePassword } from '../auth-api';
import { AuthCard } from '../auth-card';
import { AuthForm } from '../auth-form';
import { AuthLink } from '../auth-link';
import { fieldErrorsOf } from '../field-errors';
import { FormMessage } from '../form-message';
import { NewPasswordFields } from '../new-password-fields';
import { TextField } from '../text-field';
import { useFormSubmission } from '../use-form-submission';
import { useNewPassword } from '../use-new-password';
import { useSessionStore } from '../use-session-store';

/** /auth/change-password (signed-in users): the server ends the old token and answers a new one, which we keep. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const store = useSessionStore();
  const [current, setCurrent] = useState('');
  const { attempted, busy, failure, setFailure, done, submit } = useFormSubmission();
  const fields = useNewPassword(attempted);
  const currentError = attempted && !current ? t`Please enter your current password.` : undefined;

  async function send() {
    setFailure(undefined);
    const renewed = await changePassword(current, fields.password);
    if (renewed) store.acceptToken(renewed);
  }

  const home = (
    <AuthLink to="/">
      <Trans>Back to the start page</Trans>
    </AuthLink>
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
      <AuthForm
        onSubmit={() => void submit(Boolean(current) && fields.valid, send)}
        submitLabel={<Trans>Change password</Trans>}
        busy={busy}
        failure={failure}
        failureTestId="change-password-error"
        footer={home}
      >
        <TextField name="password" type="password" label={<Trans>Current password</Trans>} value={current} onChange={setCurrent} autoComplete="current-password" required autoFocus error={currentError ?? fieldErrorsOf(failure).password} />
        <NewPasswordFields fields={fields} serverError={fieldErrorsOf(failure).newPassword} />
      </AuthForm>
    </AuthCard>
  );
}
