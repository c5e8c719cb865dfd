import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { LoadState } from '../../lib/ui/load-state';
import type { SecondFactorEnrolment } from '../auth-api';
import { EnrolmentQr, RecoveryCodes, SecondFactorCodeField } from '../second-factor-parts';
import { confirmEnrolment, readSecondFactor, regenerateRecoveryCodes, removeSecondFactor, SECOND_FACTOR_PATH, startEnrolment } from './account-api';

/** The user's own second factor: set up an authenticator app (QR, confirm by code, recovery codes once), or remove it. */
export function SecondFactorSection() {
  const { t } = useLingui();
  const state = useSWR(SECOND_FACTOR_PATH, readSecondFactor);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const begin = () =>
    run(async () => {
      try {
        setEnrolment(await startEnrolment());
        setCode('');
        setCodeError(undefined);
      } catch (error) {
        showError(error);
      }
    });

  function submitCode(event: FormEvent | undefined, action: 'confirm' | 'remove' | 'regenerate') {
    event?.preventDefault();
    if (!code.trim()) {
      setCodeError(t`Please enter the code.`);
      return;
    }
    void run(async () => {
      try {
        if (action === 'confirm') {
          setCodes(await confirmEnrolment(code.trim()));
          setEnrolment(undefined);
        } else if (action === 'regenerate') {
          setCodes(await regenerateRecoveryCodes(code.trim()));
          toasts.show({ type: 'success', title: t`New recovery codes: the old ones no longer work` });
        } else {
          setCodes(undefined);
          await removeSecondFactor(code.trim());
          toasts.show({ type: 'success', title: t`The second factor is removed` });
        }
        setCode('');
        await state.mutate();
      } catch (error) {
        setCode('');
        if (error instanceof ApiRequestError && error.status === 400) setCodeError(t`The code is wrong or was used already.`);
        else showError(error);
      }
    });
  }

  const codeField = (
    <SecondFactorCodeField
      value={code}
      onChange={(value) => {
        setCode(value);
        setCodeError(undefined);
      }}
      error={codeError}
    />
  );

  return (
    <Stack as="section" gap="3" aria-labelledby="second-factor-heading" data-testid="account-second-factor">
      <Heading as="h2" size="md" id="second-factor-heading">
        <Trans>Second factor</Trans>
      </Heading>
      <LoadState loading={state.isLoading} error={state.error as unknown} empty={false} emptyText={null} forbiddenText={null} onRetry={() => void state.mutate()}>
        {state.data && (
          <Stack gap="3" maxW="md">
            {state.data.required && !state.data.enrolled && (
              <Text textStyle="sm" color="fg.warning">
                <Trans>Your role requires a second factor: set up an authenticator app.</Trans>
              </Text>
            )}
            {codes && <RecoveryCodes codes={codes} />}
            {state.data.enrolled ? (
              // Enter asks for new recovery codes, the harmless one of the two: removing takes its own click.
              <form onSubmit={(event) => submitCode(event, 'regenerate')} data-testid="second-factor-remove">
                <Stack gap="3">
                  <Text textStyle="sm" data-testid="second-factor-enrolled">
                    <Trans>An authenticator app is set up. Recovery codes left: {state.data.recoveryCodesLeft}</Trans>
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    <Trans>To get new recovery codes or to remove the app, confirm with a current code first.</Trans>
                  </Text>
                  {codeField}
                  <HStack flexWrap="wrap">
                    <Button type="submit" variant="outline" colorPalette="teal" loading={busy} data-testid="recovery-codes-regenerate">
                      <Trans>New recovery codes</Trans>
                    </Button>
                    <Button variant="outline" colorPalette="red" loading={busy} onClick={() => submitCode(undefined, 'remove')} data-testid="second-factor-remove-submit">
                      <Trans>Remove the second factor</Trans>
                    </Button>
                  </HStack>
                </Stack>
              </form>
            ) : enrolment ? (
              <form onSubmit={(event) => submitCode(event, 'confirm')} data-testid="second-factor-confirm">
                <Stack gap="3">
                  <EnrolmentQr enrolment={enrolment} />
                  {codeField}
                  <HStack>
                    <Button type="submit" colorPalette="teal" loading={busy}>
                      <Trans>Confirm</Trans>
                    </Button>
                    <Button variant="ghost" onClick={() => setEnrolment(undefined)}>
                      <Trans>Cancel</Trans>
                    </Button>
                  </HStack>
                </Stack>
              </form>
            ) : (
              <Stack gap="3">
                <Text textStyle="sm">
                  <Trans>Sign-in asks only for your password. An authenticator app on your phone adds a code that changes every 30 seconds.</Trans>
                </Text>
                <HStack>
                  <Button colorPalette="teal" onClick={() => void begin()} loading={busy} data-testid="second-factor-start">
                    <Trans>Set up an authenticator app</Trans>
                  </Button>
                </HStack>
              </Stack>
            )}
          </Stack>
        )}
      </LoadState>
    </Stack>
  );
}
