import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { startRegistration } from '@simplewebauthn/browser';
import { useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { LoadState } from '../../lib/ui/load-state';
import { TextField } from '../text-field';
import { passkeyRegistrationOptions, PASSKEYS_PATH, readPasskeys, readSecondFactor, registerPasskey, removePasskey, SECOND_FACTOR_PATH, type PasskeyRow } from './account-api';
import { afterRemoval, RemovePasskeyDialog } from './remove-passkey-dialog';

/** The user's passkeys: add one under a name (the browser creates it), see when each was last used, remove one. */
export function PasskeysSection() {
  const { t, i18n } = useLingui();
  const passkeys = useSWR(PASSKEYS_PATH, readPasskeys);
  const factor = useSWR(SECOND_FACTOR_PATH, readSecondFactor);
  const { mutate } = useSWRConfig();
  const section = useRef<HTMLDivElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  /** The passkey the confirmation asks about, and whether it went. */
  const [asking, setAsking] = useState<PasskeyRow>();
  const removed = useRef<number>(undefined);
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'short', timeStyle: 'short' });

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t`Please name the passkey, e.g. after the device.`);
      return;
    }
    setAdding(true);
    try {
      const optionsJSON = await passkeyRegistrationOptions();
      const response = await startRegistration({ optionsJSON });
      await registerPasskey(name.trim(), response);
      setName('');
      toasts.show({ type: 'success', title: t`The passkey is added` });
      await Promise.all([passkeys.mutate(), mutate(SECOND_FACTOR_PATH)]);
    } catch (error) {
      // Closing the browser's prompt is the user's choice, not a failure worth a red toast.
      if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        toasts.show({ type: 'info', title: t`No passkey was added` });
      } else showError(error);
    } finally {
      setAdding(false);
    }
  }

  async function remove(passkey: PasskeyRow) {
    await removePasskey(passkey.oid);
    removed.current = passkey.oid;
    await Promise.all([passkeys.mutate(), mutate(SECOND_FACTOR_PATH)]);
  }

  /**
   * Where focus goes when the confirmation closes: back to its Remove button when cancelled; when the passkey went,
   * to the next passkey's Remove button, or to the name of a new one when none is left.
   */
  function focusAfterDialog(oid: number): HTMLElement | null {
    const buttons = [...(section.current?.querySelectorAll<HTMLElement>('[data-testid="passkey-remove"]') ?? [])];
    if (removed.current !== oid) return buttons.find((button) => button.dataset.oid === String(oid)) ?? null;
    const index = buttons.findIndex((button) => button.dataset.oid === String(oid));
    const others = buttons.filter((button) => button.dataset.oid !== String(oid));
    return others[Math.min(Math.max(index, 0), others.length - 1)] ?? section.current?.querySelector<HTMLElement>('input[name="passkey-name"]') ?? null;
  }

  const rows = passkeys.data ?? [];
  return (
    <Stack as="section" ref={section} gap="3" aria-labelledby="passkeys-heading" data-testid="account-passkeys">
      <Heading as="h2" size="md" id="passkeys-heading">
        <Trans>Passkeys</Trans>
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        <Trans>A passkey on this device or a security key confirms your sign-in after the password, instead of a code.</Trans>
      </Text>
      <LoadState
        loading={passkeys.isLoading}
        error={passkeys.error as unknown}
        empty={rows.length === 0}
        emptyText={<Trans>No passkeys yet.</Trans>}
        forbiddenText={null}
        onRetry={() => void passkeys.mutate()}
      >
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Name</Trans>
                </Table.ColumnHeader>
                {/* On a phone the date added gives way, so name, last use and Remove fit without scrolling. */}
                <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
                  <Trans>Added</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Last used</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>
                    <Trans>Actions</Trans>
                  </Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((passkey) => (
                <Table.Row key={passkey.oid} data-testid="passkey-row">
                  <Table.Cell data-testid="passkey-name">{passkey.name}</Table.Cell>
                  <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{when(passkey.createdAt)}</Table.Cell>
                  <Table.Cell data-testid="passkey-last-used">{passkey.lastUsedAt ? when(passkey.lastUsedAt) : <Trans>Never</Trans>}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => {
                        removed.current = undefined;
                        setAsking(passkey);
                      }}
                      data-oid={passkey.oid}
                      aria-label={t`Remove the passkey ${passkey.name}`}
                      data-testid="passkey-remove"
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
      {asking && (
        <RemovePasskeyDialog
          passkey={asking}
          after={afterRemoval(rows.length, factor.data)}
          onRemove={() => remove(asking)}
          onClose={() => setAsking(undefined)}
          finalFocusEl={() => focusAfterDialog(asking.oid)}
        />
      )}
      <form onSubmit={(event) => void add(event)} data-testid="passkey-add">
        <Stack gap="3" maxW="md">
          <TextField
            name="passkey-name"
            label={<Trans>Name of the new passkey</Trans>}
            value={name}
            onChange={(value) => {
              setName(value);
              setNameError(undefined);
            }}
            error={nameError}
          />
          <HStack>
            <Button type="submit" colorPalette="teal" loading={adding} data-testid="passkey-add-submit">
              <Trans>Add a passkey</Trans>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
