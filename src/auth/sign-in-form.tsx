import { Box, Button, Checkbox, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useReducer, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { passkeyHeader, passkeyOptionsAtSignIn, startSignInEnrolment, type SecondFactorEnrolment } from './auth-api';
import { EnrolmentQr, RecoveryCodes, SecondFactorCodeField } from './second-factor-parts';
import { initialLoginFormState, loginFieldErrors, loginFormMarks, loginFormReducer, showsFieldError } from './login-form-state';
import { SHAKE_ANIMATION, SHAKE_KEYFRAMES } from './shake';
import { SignInFailureMessage } from './sign-in-failure-message';
import { toLoginFailure } from './sign-in-failure';
import { TextField } from './text-field';
import { useAuthSettings } from './use-auth-settings';
import { useRetryWait } from './use-retry-wait';
import { useSession } from './use-session';

export interface SignInFormProps {
  /** 'relogin' fixes the username, keeps the remember choice and offers no links (spec 1 §2). */
  mode: 'page' | 'relogin';
  fixedUsername?: string;
  onSignedIn?: () => void;
  /** Route of the forgot-password page; null when none is configured. */
  resetPasswordPath?: string | null;
  /** Route of the register page; null when none is configured. */
  registerPath?: string | null;
  /**
   * Called with true before a sign-in that will show recovery codes (an enrolment at sign-in), so the page does not
   * leave as soon as the session starts; `onSignedIn` follows when the user has seen them.
   */
  onHold?: (hold: boolean) => void;
}

/**
 * The second step of a sign-in (40106): the code of the app (after setting it up when a role requires one), or a
 * passkey: offered beside the code when the user has one, alone when passkeys are the user's only factor.
 */
interface FactorStep {
  step: 'code' | 'enrol' | 'passkey';
  enrolment?: SecondFactorEnrolment;
  passkey: boolean;
}

/** The sign-in form of spec 1 §2 and §4, on the login page and in the re-login dialog. */
export function SignInForm({ mode, fixedUsername, onSignedIn, onHold, resetPasswordPath = '/auth/reset-password', registerPath = '/auth/register' }: SignInFormProps) {
  const { t } = useLingui();
  const session = useSession();
  const { settings } = useAuthSettings();
  const [state, dispatch] = useReducer(loginFormReducer, undefined, () => initialLoginFormState(fixedUsername ?? '', mode === 'relogin' ? session.remember : false));
  const marks = loginFormMarks(state);
  const showRemember = mode === 'page' && settings.rememberAllowed;
  const retry = useRetryWait();
  // A back-off holds this username back, not another one: changed credentials clear the message and the wait with it.
  const waiting = retry.waiting && state.serverError !== undefined;
  const [factor, setFactor] = useState<FactorStep>();
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const remember = showRemember ? state.remember : mode === 'relogin' && session.remember;

  function failed(error: unknown) {
    const failure = toLoginFailure(error);
    dispatch({ type: 'submit-failed', failure });
    retry.start(failure.retryAfterSeconds);
  }

  async function submitCode() {
    if (!code.trim()) {
      setCodeMissing(true);
      return;
    }
    dispatch({ type: 'submit-started' });
    try {
      // An enrolment at sign-in answers the recovery codes: the page waits until the user has seen them.
      if (factor?.step === 'enrol') onHold?.(true);
      const codes = await session.signIn(state.username.trim(), state.password, remember, code.trim());
      dispatch({ type: 'submit-succeeded' });
      if (codes && codes.length > 0) setRecoveryCodes(codes);
      else onSignedIn?.();
    } catch (error) {
      onHold?.(false);
      setCode('');
      failed(error);
    }
  }

  /** The browser signs the server's challenge with one of the user's passkeys; the sign-in repeats with its assertion. */
  async function submitPasskey() {
    dispatch({ type: 'submit-started' });
    try {
      const username = state.username.trim();
      const optionsJSON = await passkeyOptionsAtSignIn(username, state.password);
      const assertion = await startAuthentication({ optionsJSON });
      await session.signIn(username, state.password, remember, { passkey: passkeyHeader(assertion) });
      dispatch({ type: 'submit-succeeded' });
      onSignedIn?.();
    } catch (error) {
      // Closing the browser's prompt (or its time-out) is no refusal of the server: say so in the user's language.
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        dispatch({ type: 'submit-failed', failure: { message: t`The passkey prompt was closed or timed out. Try again.` } });
        return;
      }
      failed(error);
    }
  }

  /** The password was right and the server wants a second factor: ask for the code (after the set-up, if needed) or a passkey. */
  async function askForFactor(step: 'code' | 'enrol' | 'passkey', passkey: boolean) {
    if (step !== 'enrol') {
      setFactor({ step, passkey });
      dispatch({ type: 'second-factor-asked' });
      return;
    }
    const enrolment = await startSignInEnrolment(state.username.trim(), state.password);
    setFactor({ step, enrolment, passkey: false });
    dispatch({ type: 'second-factor-asked' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.busy || waiting) return;
    if (factor?.step === 'passkey') return submitPasskey();
    if (factor) return submitCode();
    if (loginFieldErrors(state).length > 0) {
      dispatch({ type: 'submit-refused' });
      return;
    }
    dispatch({ type: 'submit-started' });
    try {
      await session.signIn(state.username.trim(), state.password, remember);
      dispatch({ type: 'submit-succeeded' });
      onSignedIn?.();
    } catch (error) {
      const failure = toLoginFailure(error);
      if (failure.code === '40106') {
        try {
          await askForFactor(failure.secondFactor ?? 'code', failure.passkey === true);
        } catch (enrolError) {
          failed(enrolError);
        }
        return;
      }
      failed(error);
    }
  }

  function backToPassword() {
    setFactor(undefined);
    setCode('');
    setCodeMissing(false);
    dispatch({ type: 'edit', field: 'password', value: '' });
  }

  if (recoveryCodes) {
    return (
      <Stack gap="4" data-testid="sign-in-recovery-codes">
        <RecoveryCodes codes={recoveryCodes} />
        <Button
          colorPalette="teal"
          autoFocus
          onClick={() => {
            onHold?.(false);
            onSignedIn?.();
          }}
          data-testid="recovery-codes-continue"
        >
          <Trans>I have kept them: continue</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={state.busy}
      data-testid={mode === 'relogin' ? 'relogin-form' : 'sign-in-form'}
      data-validated={marks.validated || undefined}
      data-invalid={marks.invalid || undefined}
      data-failed-attempts={state.failedAttempts}
    >
      <style href="mate-shake" precedence="default">
        {SHAKE_KEYFRAMES}
      </style>
      <Stack gap="4">
        {factor && (
          <>
            {factor.enrolment && <EnrolmentQr enrolment={factor.enrolment} />}
            {factor.step === 'passkey' ? (
              <Text textStyle="sm" data-testid="sign-in-passkey-step">
                <Trans>Confirm the sign-in with your passkey.</Trans>
              </Text>
            ) : (
              <SecondFactorCodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setCodeMissing(false);
                  dispatch({ type: 'code-edited' });
                }}
                error={codeMissing ? t`Please enter the code.` : undefined}
              />
            )}
          </>
        )}
        {!factor && (
          <>
            <TextField
              name="username"
              label={<Trans>Username</Trans>}
              value={state.username}
              onChange={(value) => dispatch({ type: 'edit', field: 'username', value })}
              autoComplete="username"
              required
              readOnly={fixedUsername !== undefined}
              autoFocus={fixedUsername === undefined}
              error={showsFieldError(state, 'username') ? t`Please enter your username.` : undefined}
            />
            <TextField
              name="password"
              type="password"
              label={<Trans>Password</Trans>}
              value={state.password}
              onChange={(value) => dispatch({ type: 'edit', field: 'password', value })}
              autoComplete="current-password"
              required
              autoFocus={fixedUsername !== undefined}
              error={showsFieldError(state, 'password') ? t`Please enter your password.` : undefined}
            />
          </>
        )}
        {!factor && showRemember && (
          <Checkbox.Root checked={state.remember} onCheckedChange={(details) => dispatch({ type: 'remember', value: details.checked === true })}>
            <Checkbox.HiddenInput name="remember" />
            <Checkbox.Control />
            <Checkbox.Label>
              <Trans>Remember me</Trans>
            </Checkbox.Label>
          </Checkbox.Root>
        )}
        <Box key={state.shakes} data-shake={state.shakes > 0 || undefined} animation={state.shakes > 0 ? SHAKE_ANIMATION : undefined}>
          <Button type="submit" colorPalette="teal" width="full" loading={state.busy} loadingText={t`Signing in…`} disabled={waiting} data-testid="sign-in-submit">
            {factor?.step === 'passkey' ? <Trans>Use your passkey</Trans> : factor ? <Trans>Verify</Trans> : <Trans>Sign in</Trans>}
          </Button>
        </Box>
        {factor?.passkey && factor.step === 'code' && (
          <Button variant="outline" width="full" onClick={() => void submitPasskey()} disabled={state.busy || waiting} data-testid="sign-in-passkey">
            <KeyRound aria-hidden />
            <Trans>Use a passkey instead</Trans>
          </Button>
        )}
        {state.serverError && <SignInFailureMessage failure={state.serverError} />}
        {factor && (
          <Button variant="ghost" size="sm" onClick={backToPassword} data-testid="second-factor-back">
            <Trans>Back to the password</Trans>
          </Button>
        )}
        {mode === 'page' && (resetPasswordPath || (registerPath && settings.registrationAllowed)) && (
          <HStack justify="space-between" textStyle="sm">
            {resetPasswordPath ? (
              <Link asChild colorPalette="teal">
                <RouterLink to={resetPasswordPath}>
                  <Trans>Forgot password?</Trans>
                </RouterLink>
              </Link>
            ) : (
              <span />
            )}
            {registerPath && settings.registrationAllowed && (
              <Link asChild colorPalette="teal">
                <RouterLink to={registerPath}>
                  <Trans>Register</Trans>
                </RouterLink>
              </Link>
            )}
          </HStack>
        )}
      </Stack>
    </form>
  );
}
