import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { fieldLabel, type CompiledEntity } from '../../../schemas';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import type { DataApi, DataRecord } from './data-api';
import { formatFieldValue } from '../../lib/format/format-cell';
import { readHistory, restoreVersion, type HistoryEntry, type RestoreRequest } from './record-history';

/** Props of the history panel. */
export interface HistoryPanelProps {
  compiled: CompiledEntity;
  api: DataApi;
  oid: unknown;
  /** The version the editor holds: the panel reads again when it changes, and a restore carries it as If-Match. */
  etag: string | undefined;
  readOnly: boolean;
  onRestored: (record: DataRecord, etag: string) => void;
}

interface Pending {
  entry: HistoryEntry;
  request: RestoreRequest;
  /** The field's label when one field is restored. */
  label?: string;
}

/**
 * A record's versions (docs/audit.md): who, when, what, and every changed field as old -> new. A field can be set back
 * to the value it had (an update's old value, a create's value), or the whole record to how it was after a version;
 * each asks first, and the restore is a save like any other (the server checks it and records it).
 */
export function HistoryPanel({ compiled, api, oid, etag, readOnly, onRestored }: HistoryPanelProps) {
  const { t, i18n } = useLingui();
  const [entries, setEntries] = useState<HistoryEntry[]>();
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      readHistory(api, oid).then(
        (history) => {
          setEntries(history.items);
          setFailed(false);
        },
        (error: unknown) => {
          setFailed(true);
          showError(error);
        },
      ),
    [api, oid],
  );
  useEffect(() => {
    void load();
  }, [load, etag]);

  const fields = new Map(compiled.meta.fields.map((f) => [f.name, f]));
  const labelOf = (name: string) => {
    const field = fields.get(name);
    return field ? fieldLabel(field, compiled.locale) : name;
  };
  const shown = (name: string, value: unknown) => (value === null || value === undefined ? '–' : formatFieldValue(compiled.schema, name, value, t`Yes`, t`No`) || '–');
  const restorable = (name: string) => name === 'Disabled' || (fields.has(name) && fields.get(name)?.readonly !== true);
  // A context of their own: "Created" and "Changed" are also column headers of dates elsewhere ("Creation date" in Arabic and Japanese).
  const operationText = (entry: HistoryEntry) => (entry.operation === 'create' ? t({ message: 'Created', context: 'record operation' }) : entry.operation === 'update' ? t({ message: 'Changed', context: 'record operation' }) : t({ message: 'Deleted', context: 'record operation' }));

  const run = async () => {
    if (!pending || !etag) return;
    setBusy(true);
    try {
      const result = await restoreVersion(api, oid, etag, pending.request);
      if (result) onRestored(result.record, result.etag);
      toasts.show({ type: 'success', title: t`Restored.` });
      setPending(undefined);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (failed) return null;
  if (!entries) return <Text textStyle="sm" color="fg.muted">{t`Loading history…`}</Text>;
  return (
    <Stack gap="3" data-testid="history-panel" aria-label={t`History`} role="region">
      {entries.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          <Trans>No recorded changes.</Trans>
        </Text>
      )}
      {entries.map((entry, index) => {
        const when = i18n.date(entry.at, { dateStyle: 'medium', timeStyle: 'medium' });
        const who = entry.actor.name;
        const canRestoreVersion = !readOnly && index > 0 && entry.operation !== 'delete';
        return (
          <Box key={entry.id} borderWidth="1px" borderRadius="md" p="2" data-testid="history-entry" data-operation={entry.operation}>
            <HStack justify="space-between" flexWrap="wrap" gap="2" mb="1">
              <HStack gap="2" flexWrap="wrap">
                <Badge colorPalette={entry.operation === 'create' ? 'green' : entry.operation === 'update' ? 'blue' : 'red'}>{operationText(entry)}</Badge>
                <Text textStyle="sm" data-testid="history-who">
                  <Trans>
                    by {who} on {when}
                  </Trans>
                </Text>
              </HStack>
              {canRestoreVersion && (
                <Button size="xs" variant="outline" data-testid="history-restore-version" onClick={() => setPending({ entry, request: { version: entry.id, side: 'after' } })}>
                  <Trans>Restore this version</Trans>
                </Button>
              )}
            </HStack>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t`Field`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Before`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`After`}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entry.changes.map((change) => {
                  // An update's field goes back to its old value; a create's to the value it was created with.
                  const side = entry.operation === 'update' ? 'before' : 'after';
                  const canRestoreField = !readOnly && !change.writeOnly && entry.operation !== 'delete' && restorable(change.field) && (entry.operation === 'update' || index > 0);
                  return (
                    <Table.Row key={change.field} data-field={change.field}>
                      <Table.Cell>{labelOf(change.field)}</Table.Cell>
                      <Table.Cell data-testid="history-old">{change.writeOnly ? t`(hidden)` : shown(change.field, change.old)}</Table.Cell>
                      <Table.Cell data-testid="history-new">{change.writeOnly ? t`(hidden)` : shown(change.field, change.new)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {canRestoreField && (
                          <Button size="xs" variant="ghost" data-testid="history-restore-field" onClick={() => setPending({ entry, request: { version: entry.id, side, fields: [change.field] }, label: labelOf(change.field) })}>
                            <Trans>Restore this field</Trans>
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        );
      })}
      {pending && (
        <ActionDialog
          title={pending.label ? <Trans>Restore “{pending.label}”?</Trans> : <Trans>Restore this version?</Trans>}
          testId="history-restore-dialog"
          role="alertdialog"
          busy={busy}
          onCancel={() => setPending(undefined)}
          action={{ label: <Trans>Restore</Trans>, colorPalette: 'blue', onClick: () => void run(), testId: 'history-restore-confirm' }}
        >
          <Text>
            {pending.label ? (
              <Trans>The field gets the value it had in this version. Unsaved edits in the editor are replaced by the restored record.</Trans>
            ) : (
              <Trans>The record gets the values it had after this version. Unsaved edits in the editor are replaced by the restored record.</Trans>
            )}
          </Text>
        </ActionDialog>
      )}
    </Stack>
  );
}
