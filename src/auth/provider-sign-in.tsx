import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { startAuthentication } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { passkeyHeader, providerPasskeyOptions, startProviderEnrolment, type SecondFactorEnrolment } from './auth-api';
import type { LoginFailure } from './login-form-state';
import type { SecondFactorAnswer } from './session-types';
import type { ProviderId } from './provider-buttons';
import { safeRedirect } from './safe-redirect';
import { EnrolmentQr, RecoveryCodes, SecondFactorCodeField } from './second-factor-parts';
import { SignInFailureMessage } from './sign-in-failure-message';
import { toLoginFailure } from './sign-in-failure';
import { useSession } from './use-session';

/** What the provider's callback left in the fragment of /auth/login (docs/auth.md): the ID token and where to go. */
export interface ProviderReturn {
  provider: ProviderId;
  idToken: string;
  returnTo: string;
  remember: boolean;
}

/** Reads the fragment once and removes it from the address bar and the history: the ID token must not stay there. */
export function takeProviderReturn(): ProviderReturn | undefined {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const provider = params.get('provider');
  const idToken = params.get('id_token');
  if ((provider !== 'directory' && provider !== 'google') || !idToken) return undefined;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return { provider, idToken, returnTo: safeRedirect(params.get('returnTo')), remember: params.get('remember') === '1' };
}

/** The words of a failed provider callback (`?providerError=`). */
export function ProviderErrorMessage({ reason }: { reason: string }) {
  const { t } = useLingui();
  const text =
    reason === 'access_denied'
      ? t`The sign-in was cancelled at the provider, or access was not granted. Sign in again to continue.`
      : reason === 'state'
        ? t`The sign-in could not be completed: it was started in another window or took too long. Please try again.`
        : reason === 'code'
          ? t`The sign-in could not be completed: the provider's answer was used already. Please try again.`
          : reason === 'expired'
            ? t`The sign-in could not be completed: the provider's answer has expired. Please try again.`
            : t`The sign-in through the provider failed. Please try again or use your password.`;
  return (
    <Alert.Root status="error" data-testid="provider-error" data-reason={reason}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Finishes a provider sign-in on the sign-in page: exchanges the ID token for the product's token, asking for the
 * second factor (and setting it up when a role requires one) as the password sign-in does.
 */
export function ProviderSignIn({ back, onSignedIn, onHold, onCancel }: { back: ProviderReturn; onSignedIn: (returnTo: string) => void; onHold: (hold: boolean) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const session = useSession();
  const [failure, setFailure] = useState<LoginFailure>();
  const [busy, setBusy] = useState(true);
  // The second step (40106) as at the password sign-in: the app's code (set up first when a role requires one), or a
  // passkey: offered beside the code when the user has one, alone when passkeys are the user's only factor.
  const [factor, setFactor] = useState<{ step: 'code' | 'enrol' | 'passkey'; enrolment?: SecondFactorEnrolment; passkey: boolean }>();
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const started = useRef(false);

  async function exchange(secondFactor?: SecondFactorAnswer) {
    setBusy(true);
    setFailure(undefined);
    try {
      if (factor?.step === 'enrol') onHold(true);
      const codes = await session.signInWithProvider(back.provider, back.idToken, back.remember, secondFactor);
      if (codes && codes.length > 0) setRecoveryCodes(codes);
      else onSignedIn(back.returnTo);
    } catch (error) {
      onHold(false);
      const failed = toLoginFailure(error);
      if (failed.code === '40106' && !factor) {
        try {
          const step = failed.secondFactor ?? 'code';
          setFactor({ step, passkey: step !== 'enrol' && failed.passkey === true, ...(step === 'enrol' ? { enrolment: await startProviderEnrolment(back.provider, back.idToken) } : {}) });
        } catch (enrolError) {
          setFailure(toLoginFailure(enrolError));
        }
      } else {
        setCode('');
        setFailure(failed);
      }
    } finally {
      setBusy(false);
    }
  }

  /** The browser signs the server's challenge with one of the user's passkeys; the exchange repeats with its assertion. */
  async function signWithPasskey() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    let assertion: string;
    try {
      const optionsJSON = await providerPasskeyOptions(back.provider, back.idToken);
      assertion = passkeyHeader(await startAuthentication({ optionsJSON }));
    } catch (error) {
      setBusy(false);
      // Closing the browser's prompt (or its time-out) is no refusal of the server: say so in the user's language.
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) setFailure({ message: t`The passkey prompt was closed or timed out. Try again.` });
      else setFailure(toLoginFailure(error));
      return;
    }
    await exchange({ passkey: assertion });
  }

  // Once, for the token the page was opened with.
  const exchangeOnOpen = useEffectEvent(() => void exchange());
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeOnOpen();
  }, []);

  if (recoveryCodes) {
    return (
      <Stack gap="4" data-testid="sign-in-recovery-codes">
        <RecoveryCodes codes={recoveryCodes} />
        <Button colorPalette="teal" autoFocus onClick={() => { onHold(false); onSignedIn(back.returnTo); }} data-testid="recovery-codes-continue">
          <Trans>I have kept them: continue</Trans>
        </Button>
      </Stack>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (factor?.step === 'passkey') {
      void signWithPasskey();
      return;
    }
    if (!code.trim()) {
      setCodeMissing(true);
      return;
    }
    void exchange(code.trim());
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} data-testid="provider-sign-in">
      <Stack gap="4">
        {!factor && busy && (
          <Stack direction="row" gap="3" align="center">
            <Spinner size="sm" />
            <Text>{back.provider === 'google' ? <Trans>Signing in with Google…</Trans> : <Trans>Signing in with your work or school account…</Trans>}</Text>
          </Stack>
        )}
        {factor && (
          <>
            {factor.enrolment && <EnrolmentQr enrolment={factor.enrolment} />}
            {factor.step === 'passkey' ? (
              <Text textStyle="sm" data-testid="sign-in-passkey-step">
                <Trans>Confirm the sign-in with your passkey.</Trans>
              </Text>
            ) : (
              <SecondFactorCodeField value={code} onChange={(value) => { setCode(value); setCodeMissing(false); }} error={codeMissing ? t`Please enter the code.` : undefined} />
            )}
            {/* The passkey step has no field to type in: its button takes the focus. */}
            <Button type="submit" colorPalette="teal" width="full" loading={busy} loadingText={t`Signing in…`} autoFocus={factor.step === 'passkey'} data-testid="sign-in-submit">
              {factor.step === 'passkey' ? <Trans>Use your passkey</Trans> : <Trans>Verify</Trans>}
            </Button>
            {factor.passkey && factor.step === 'code' && (
              <Button variant="outline" width="full" onClick={() => void signWithPasskey()} disabled={busy} data-testid="sign-in-passkey">
                <KeyRound aria-hidden />
                <Trans>Use a passkey instead</Trans>
              </Button>
            )}
          </>
        )}
        {failure && <SignInFailureMessage failure={failure} />}
        {failure && (
          <Button variant="ghost" size="sm" onClick={onCancel} data-testid="provider-sign-in-back">
            <Trans>Back to the sign-in</Trans>
          </Button>
        )}
      </Stack>
    </form>
  );
}
