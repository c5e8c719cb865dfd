import { Checkbox, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { showError } from '../../lib/toasts/show-error';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { useTenancy } from '../../shell/tenancy-context';
import type { Conversation, Person } from '../../../schemas/message-wire';

/** Picks one or more users of the current organisation and opens (or reopens) the conversation with them. */
export function NewConversationDialog({ onCancel, onOpened }: { onCancel: () => void; onOpened: (oid: number) => void }) {
  const { t } = useLingui();
  const { tenantOid } = useTenancy();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const people = useSWR<Person[]>(tenantOid === undefined ? null : ['/api/messages/people', tenantOid, search.trim()], ([path, tenant, text]: [string, number, string]) =>
    apiGet<Person[]>(path, { tenantOid: tenant, search: text || undefined }),
  );
  const toggle = (oid: number) => setChosen((before) => (before.includes(oid) ? before.filter((one) => one !== oid) : [...before, oid]));

  const start = async () => {
    setBusy(true);
    try {
      const opened = await apiCall<Conversation>('/api/messages/conversations', { method: 'POST', body: { tenantOid, userOids: chosen } });
      onOpened(opened.data.oid);
    } catch (problem) {
      showError(problem);
      setBusy(false);
    }
  };

  return (
    <ActionDialog title={<Trans>New conversation</Trans>} testId="conversation-dialog" onCancel={onCancel} busy={busy} action={{ label: <Trans>Start</Trans>, colorPalette: 'blue', onClick: () => void start(), disabled: chosen.length === 0, testId: 'conversation-start' }}>
      <Stack gap="3">
        <Input value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Search by name`} aria-label={t`Search by name`} data-testid="conversation-search" autoFocus />
        <Stack gap="1" maxH="18rem" overflowY="auto" data-testid="conversation-people">
          {people.data?.length === 0 && (
            <Text color="fg.muted" textStyle="sm">
              <Trans>Nobody of this organisation matches.</Trans>
            </Text>
          )}
          {people.data?.map((person) => (
            <Checkbox.Root key={person.oid} checked={chosen.includes(person.oid)} onCheckedChange={() => toggle(person.oid)} data-testid="conversation-person">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {person.displayName} <Text as="span" color="fg.muted">({person.userName})</Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Stack>
    </ActionDialog>
  );
}
