import { Trans } from '@lingui/react/macro';
import { TextField } from './text-field';
import type { useNewPassword } from './use-new-password';

interface NewPasswordFieldsProps {
  fields: ReturnType<typeof useNewPassword>;
  /** The server's message for the new password (e.g. a rule it checks and we do not). */
  serverError?: string;
  autoFocus?: boolean;
}

/** 'New password' and 'Repeat new password', sent as `newPassword` (the repetition stays in the browser). */
export function NewPasswordFields({ fields, serverError, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField name="newPassword" type="password" label={<Trans>New password</Trans>} value={fields.password} onChange={fields.setPassword} autoComplete="new-password" required autoFocus={autoFocus} error={fields.passwordError ?? serverError} />
      <TextField name="confirmation" type="password" label={<Trans>Repeat new password</Trans>} value={fields.confirmation} onChange={fields.setConfirmation} autoComplete="new-password" required error={fields.confirmationError} />
    </>
  );
}
