import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { requestPasswordReset, setPassword } from '../auth-api';
import { AuthCard } from '../auth-card';
import { AuthForm } from '../auth-form';
import { AuthLink } from '../auth-link';
import { fieldErrorsOf } from '../field-errors';
import { FormMessage } from '../form-message';
import { NewPasswordFields } from '../new-password-fields';
import { TextField } from '../text-field';
import { useFormSubmission } from '../use-form-submission';
import { useNewPassword } from '../use-new-password';

function BackToLogin({ loginPath }: { loginPath: string }) {
  return (
    <AuthLink to={loginPath}>
      <Trans>Back to sign in</Trans>
    </AuthLink>
  );
}

function RequestReset({ loginPath }: { loginPath: string }) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const { attempted, busy, failure, setFailure, done, submit } = useFormSubmission();
  const missing = !username.trim();

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
    <AuthForm
      onSubmit={() => void submit(!missing, () => requestPasswordReset(username.trim()))}
      submitLabel={<Trans>Send link</Trans>}
      busy={busy}
      failure={failure}
      footer={<BackToLogin loginPath={loginPath} />}
    >
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
    </AuthForm>
  );
}

function SetNewPassword({ token, loginPath }: { token: string; loginPath: string }) {
  const { attempted, busy, failure, done, submit } = useFormSubmission();
  const fields = useNewPassword(attempted);

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
    <AuthForm
      onSubmit={() => void submit(fields.valid, () => setPassword(token, fields.password))}
      submitLabel={<Trans>Set password</Trans>}
      busy={busy}
      failure={failure}
      failureTestId="set-password-error"
      footer={<BackToLogin loginPath={loginPath} />}
    >
      <NewPasswordFields fields={fields} serverError={fieldErrorsOf(failure).newPassword} autoFocus />
    </AuthForm>
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
