import { Box, Button, Dialog, HStack, Portal, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { CompiledEntity } from '../../../schemas';
import { fieldLabel } from '../../../schemas/field-label';
import type { DataApi, DataRecord, LastChange } from './data-api';
import { readHistory } from './record-history';
import { conflictRows } from './editor-session';
import { formatFieldValue } from '../../lib/format/format-cell';
import { LookupText } from './lookup-text';
import { lookupBatches, lookupBatchId } from './lookup-texts';
import { formatDate } from '../../lib/format/format-number';

/** Props of the conflict resolver. */
export interface ConflictResolverProps {
  compiled: CompiledEntity;
  /** Reads the record's latest history entry, which says who changed it and when (docs/audit.md). */
  api?: DataApi;
  mine: DataRecord;
  theirs: DataRecord | null;
  /** Who saved the other version and when, if the server said. */
  modified?: LastChange | null;
  onTakeOther: () => void;
  onKeepMine: () => void;
  onCancel: () => void;
}

/** "Changed by ann on 24 Nov 2026, 02:40", in the UI language; nothing when the server did not say. */
function LastChangeText({ modified }: { modified: LastChange | null | undefined }) {
  const { i18n } = useLingui();
  if (!modified) return null;
  const when = formatDate(modified.at, i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const who = modified.by;
  return (
    <Text mb="3" textStyle="sm" data-testid="conflict-last-change">
      {who ? <Trans>Changed by {who} on {when}.</Trans> : <Trans>Changed on {when}.</Trans>}
    </Text>
  );
}

/**
 * A 409 on save (spec 2 §4): the fields where mine and theirs differ side by side (all fields on request), lookups as
 * their texts, and who changed the record when; take the other version or keep mine.
 */
export function ConflictResolver({ compiled, api, mine, theirs, modified, onTakeOther, onKeepMine, onCancel }: ConflictResolverProps) {
  const { t } = useLingui();
  // The latest history entry names the actor of the last change (a job, a restore, an import too); the 409's own
  // `modified` stays the answer until it is read, or when the history cannot be read.
  const [latest, setLatest] = useState<LastChange>();
  const oid = theirs?.Oid ?? mine.Oid;
  useEffect(() => {
    if (!api || oid === null || oid === undefined) return;
    let live = true;
    readHistory(api, oid, 1)
      .then((history) => {
        const entry = history.items[0];
        if (live && entry) setLatest({ by: entry.actor.name, at: entry.at });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, oid]);
  const [showAll, setShowAll] = useState(false);
  const allRows = conflictRows(
    compiled.meta.fields.map((f) => f.name),
    mine,
    theirs,
  );
  const differing = allRows.filter((row) => row.differs);
  const rows = showAll ? allRows : differing;
  const labels = new Map(compiled.meta.fields.map((f) => [f.name, fieldLabel(f, compiled.locale)]));
  const batches = useMemo(() => lookupBatches(compiled.lookups, theirs ? [mine, theirs] : [mine]), [compiled.lookups, mine, theirs]);
  const shown = (field: string, value: unknown) => {
    const lookup = compiled.lookups[field];
    if (lookup) return <LookupText lookup={lookup} value={value} batch={batches.get(lookupBatchId(lookup))} />;
    return formatFieldValue(compiled.schema, field, value, t`Yes`, t`No`);
  };
  const total = allRows.length;
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onCancel()} size="lg" placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="conflict-resolver">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Someone else changed this record</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <LastChangeText modified={latest ?? modified} />
              <Text mb="3" textStyle="sm">
                <Trans>Compare your version with the current one and choose which to keep.</Trans>
              </Text>
              <Box maxH="60vh" overflow="auto">
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t`Field`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`Mine`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`Theirs`}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row) => (
                      <Table.Row key={row.field} data-field={row.field} data-differs={row.differs || undefined} bg={showAll && row.differs ? 'orange.subtle' : undefined}>
                        <Table.Cell fontWeight={row.differs ? 'semibold' : undefined}>{labels.get(row.field) ?? row.field}</Table.Cell>
                        <Table.Cell data-testid="conflict-mine">{shown(row.field, row.mine)}</Table.Cell>
                        <Table.Cell data-testid="conflict-theirs">{shown(row.field, row.theirs)}</Table.Cell>
                      </Table.Row>
                    ))}
                    {rows.length === 0 && (
                      <Table.Row>
                        <Table.Cell colSpan={3} color="fg.muted">
                          <Trans>No field differs; only the version changed.</Trans>
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Table.Body>
                </Table.Root>
              </Box>
              {differing.length < total && (
                <Button mt="2" size="xs" variant="ghost" aria-pressed={showAll} data-testid="conflict-show-all" onClick={() => setShowAll((all) => !all)}>
                  {showAll ? <Trans>Show only the fields that differ</Trans> : <Trans>Show all {total} fields</Trans>}
                </Button>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <HStack>
                <Button variant="outline" onClick={onCancel}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button variant="outline" onClick={onTakeOther}>
                  <Trans>Take other</Trans>
                </Button>
                <Button colorPalette="blue" onClick={onKeepMine}>
                  <Trans>Keep mine</Trans>
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
