import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { register, type RegistrationRequest } from '../auth-api';
import { AuthCard } from '../auth-card';
import { AuthForm } from '../auth-form';
import { AuthLink } from '../auth-link';
import { fieldErrorsOf } from '../field-errors';
import { FormMessage } from '../form-message';
import { newPasswordProblems } from '../password-rules';
import { TextField } from '../text-field';
import { useAuthSettings } from '../use-auth-settings';
import { useFormSubmission } from '../use-form-submission';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /auth/register: the account waits for its e-mail confirmation (the link leads to /auth/validate-email). */
export function RegisterPage({ loginPath = '/auth/login' }: { loginPath?: string }) {
  const { t } = useLingui();
  const { settings, loaded } = useAuthSettings();
  const [values, setValues] = useState<RegistrationRequest & { confirmation: string }>({ firstname: '', lastname: '', email: '', username: '', password: '', confirmation: '' });
  const { attempted, busy, failure, setFailure, done, submit } = useFormSubmission();

  const passwordProblems = newPasswordProblems(values.password, values.confirmation, settings.passwordMinLength);
  const minLength = settings.passwordMinLength;
  const local: Record<string, string | undefined> = {
    email: !values.email.trim() ? t`Please enter your e-mail address.` : !EMAIL.test(values.email.trim()) ? t`This is not a valid e-mail address.` : undefined,
    username: !values.username.trim() ? t`Please enter a username.` : undefined,
    password: passwordProblems.password === 'required' ? t`Please enter a password.` : passwordProblems.password === 'too-short' ? t`The password needs at least ${minLength} characters.` : undefined,
    confirmation: passwordProblems.confirmation ? t`The passwords do not match.` : undefined,
  };
  const server = fieldErrorsOf(failure);
  const errorOf = (field: string) => (attempted ? local[field] : undefined) ?? server[field];
  const edit = (field: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setFailure(undefined);
  };

  async function send() {
    const { confirmation: _confirmation, ...request } = values;
    await register({ ...request, email: request.email.trim(), username: request.username.trim() });
  }

  const backToLogin = (
    <AuthLink to={loginPath}>
      <Trans>Back to sign in</Trans>
    </AuthLink>
  );

  if (loaded && !settings.registrationAllowed) {
    return (
      <AuthCard title={t`Register`} testId="register-page">
        <Text>
          <Trans>Registration is not enabled on this site.</Trans>
        </Text>
        {backToLogin}
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t`Register`} testId="register-page">
        <FormMessage kind="success" testId="register-done">
          <Trans>Almost done: we sent you an e-mail. Open the link in it to confirm your address and activate your user.</Trans>
        </FormMessage>
        {backToLogin}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Register`} testId="register-page">
      <AuthForm
        onSubmit={() => void submit(!Object.values(local).some(Boolean), send)}
        submitLabel={<Trans>Register</Trans>}
        busy={busy}
        failure={failure}
        failureTestId="register-error"
        footer={backToLogin}
      >
        <TextField name="firstname" label={<Trans>First name</Trans>} value={values.firstname} onChange={edit('firstname')} autoComplete="given-name" error={server.firstname} />
        <TextField name="lastname" label={<Trans>Last name</Trans>} value={values.lastname} onChange={edit('lastname')} autoComplete="family-name" error={server.lastname} />
        <TextField name="email" type="email" label={<Trans>E-mail address</Trans>} value={values.email} onChange={edit('email')} autoComplete="email" required error={errorOf('email')} />
        <TextField name="username" label={<Trans>Username</Trans>} value={values.username} onChange={edit('username')} autoComplete="username" required error={errorOf('username')} />
        <TextField name="password" type="password" label={<Trans>Password</Trans>} value={values.password} onChange={edit('password')} autoComplete="new-password" required error={errorOf('password')} />
        <TextField name="confirmation" type="password" label={<Trans>Repeat password</Trans>} value={values.confirmation} onChange={edit('confirmation')} autoComplete="new-password" required error={errorOf('confirmation')} />
      </AuthForm>
    </AuthCard>
  );
}
