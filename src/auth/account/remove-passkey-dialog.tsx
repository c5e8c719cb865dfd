import { Alert, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import type { PasskeyRow, SecondFactorState } from './account-api';

/**
 * What is left of the user's second factor when this passkey goes: nothing else ('none'), nothing while a role
 * requires one ('required'), or another passkey or the app ('kept').
 */
export type AfterRemoval = 'kept' | 'none' | 'required';

export function afterRemoval(passkeys: number, factor: SecondFactorState | undefined): AfterRemoval {
  if (passkeys > 1 || factor?.enrolled !== false) return 'kept';
  return factor.required ? 'required' : 'none';
}

/** Asks before a passkey is removed, naming it, and says what its removal means when it is the last second factor. */
export function RemovePasskeyDialog({
  passkey,
  after,
  onRemove,
  onClose,
  finalFocusEl,
}: {
  passkey: PasskeyRow;
  after: AfterRemoval;
  onRemove: () => Promise<void>;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
}) {
  const { t } = useLingui();
  const name = passkey.name;
  return (
    <ConfirmDialog
      title={t`Remove the passkey “${name}”?`}
      confirmLabel={t`Remove`}
      onConfirm={onRemove}
      doneText={t`The passkey is removed`}
      onClose={onClose}
      testId="remove-passkey-dialog"
      finalFocusEl={finalFocusEl}
    >
      <Stack gap="3">
        <Text>
          <Trans>
            The passkey “<bdi>{name}</bdi>” will no longer confirm your sign-in. Remove it from the device or security key too if you do not need it elsewhere.
          </Trans>
        </Text>
        {after !== 'kept' && (
          <Alert.Root status="warning" data-testid="remove-passkey-last" data-after={after}>
            <Alert.Indicator />
            <Alert.Description>
              {after === 'required' ? (
                <Trans>This is your last passkey and you have no authenticator app. Your role requires a second factor: at your next sign-in you will have to set up an authenticator app.</Trans>
              ) : (
                <Trans>This is your last passkey and you have no authenticator app. Without it your sign-in has no second factor: whoever knows your password can sign in as you.</Trans>
              )}
            </Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
