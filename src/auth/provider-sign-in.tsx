import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { startProviderEnrolment, type SecondFactorEnrolment } from './auth-api';
import type { LoginFailure } from './login-form-state';
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
  const [factor, setFactor] = useState<{ step: 'code' | 'enrol'; enrolment?: SecondFactorEnrolment }>();
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const started = useRef(false);

  async function exchange(secondFactor?: string) {
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
      if (failed.code === '40106' && failed.secondFactor === 'passkey') {
        // The provider's exchange takes an app or recovery code only: a passkey is given at the password sign-in.
        setFailure(failed);
      } else if (failed.code === '40106' && !factor) {
        try {
          const step = failed.secondFactor === 'enrol' ? 'enrol' : 'code';
          setFactor({ step, ...(step === 'enrol' ? { enrolment: await startProviderEnrolment(back.provider, back.idToken) } : {}) });
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

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void exchange();
    // Once, for the token the page was opened with.
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
            <SecondFactorCodeField value={code} onChange={(value) => { setCode(value); setCodeMissing(false); }} error={codeMissing ? t`Please enter the code.` : undefined} />
            <Button type="submit" colorPalette="teal" width="full" loading={busy} loadingText={t`Signing in…`} data-testid="sign-in-submit">
              <Trans>Verify</Trans>
            </Button>
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
