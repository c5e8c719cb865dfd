import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { newPasswordProblems } from './password-rules';
import { useAuthSettings } from './use-auth-settings';

/** A new password and its repetition with their translated problems (shown once `attempted`). */
export function useNewPassword(attempted: boolean) {
  const { t } = useLingui();
  const { settings } = useAuthSettings();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const problems = newPasswordProblems(password, confirmation, settings.passwordMinLength);
  const minLength = settings.passwordMinLength;
  const passwordError =
    problems.password === 'required' ? t`Please enter a new password.` : problems.password === 'too-short' ? t`The password needs at least ${minLength} characters.` : undefined;
  const confirmationError = problems.confirmation ? t`The passwords do not match.` : undefined;
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    valid: !passwordError && !confirmationError,
    passwordError: attempted ? passwordError : undefined,
    confirmationError: attempted ? confirmationError : undefined,
  };
}
