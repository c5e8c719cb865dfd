import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormMessage } from './form-message';
import type { LoginFailure } from './login-form-state';
import { showsUserLockIcon, signInCodeKind } from './sign-in-failure';

/** The answer of a failed sign-in under the button: our text per code, the server's own text otherwise. */
export function SignInFailureMessage({ failure }: { failure: LoginFailure }) {
  const { t } = useLingui();
  const kind = signInCodeKind(failure);
  const text = {
    'invalid-credentials': t`Invalid username or password.`,
    'locked-out': t`Too many failed sign-ins for this user.`,
    disabled: t`This user is disabled.`,
    'disabled-limit': t`This user is disabled because the licensed number of active users is reached.`,
    'second-factor-required': t`Enter the code of your authenticator app.`,
    'wrong-code': t`The code is wrong or was used already.`,
    'passkey-refused': t`The passkey was not accepted.`,
    throttled: t`Too many sign-in attempts. Please wait a moment.`,
    other: failure.message,
  }[kind];
  // A back-off or throttle says how long to wait: in the user's language when the server gave the seconds, else the
  // server's own words.
  const waits = kind === 'locked-out' || kind === 'throttled';
  const seconds = failure.retryAfterSeconds;
  const detail = !waits
    ? undefined
    : seconds !== undefined
      ? plural(seconds, { one: 'Try again in # second.', other: 'Try again in # seconds.' })
      : failure.message !== text
        ? `(${failure.message})`
        : undefined;
  return (
    <FormMessage kind="error" icon={showsUserLockIcon(failure) ? 'user-lock' : undefined} testId="sign-in-error">
      {failure.code ? <Trans>Authorization</Trans> : null}
      {failure.code ? ': ' : null}
      {text}
      {detail ? ` ${detail}` : null}
    </FormMessage>
  );
}
