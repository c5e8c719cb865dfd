import { Box, Button, Grid, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, CopyPlus, Eye, Info, Link2, Maximize2, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { valueAt, type CompiledEntity } from '../../../schemas';
import { fieldLabel } from '../../../schemas/field-label';
import { ViewNotPermitted } from '../../lib/ui/permitted';
import type { DataApi, DataRecord } from './data-api';
import { storedSession, type EditorSession } from './editor-session';
import { formatCell, formatRecordField } from '../../lib/format/format-cell';
import { DetailsArray, objectLeafPaths } from './details-structured';
import { LookupText } from './lookup-text';
import { lookupBatchId, lookupBatches } from './lookup-texts';
import type { GridAbilities } from './grid-permissions';
import type { RowCommands } from './use-row-commands';
import { RecordEditor, type FocusRequest } from './record-editor';
import { RowCommandButtons } from './row-command-buttons';
import { useRowDetails, type DetailViewResult } from './use-row-details';
import { useDateStyle } from '../../lib/format/date-style';

/** How an extended row shows its record. */
export type DetailMode = 'details' | 'view' | 'edit';

/** Props of an extended row. */
export interface RowDetailsProps {
  compiled: CompiledEntity;
  api: DataApi;
  row: DataRecord;
  mode: DetailMode;
  onModeChange: (mode: DetailMode) => void;
  session: EditorSession | undefined;
  onSessionChange: (session: EditorSession) => void;
  abilities: GridAbilities;
  onSaved: (record: DataRecord, created: boolean) => void;
  onClose: () => void;
  onCopy: (record: DataRecord) => void;
  onDuplicate: (record: DataRecord) => void;
  onDelete: (record: DataRecord, etag: string | undefined) => void;
  onCopyLink: () => void;
  /** The address of the record's full-page editor. */
  recordPath: (record: DataRecord) => string;
  /** The kind's row commands the user may run (metadata `extensions.commands`). */
  rowCommands?: RowCommands;
  /** The field whose input takes focus in the editor (F2 on a cell). */
  focusRequest?: FocusRequest | undefined;
  /** The editor applied the focus request: it is dropped, so it is applied once. */
  onFocusApplied?: (request: FocusRequest) => void;
}

/** The inline details of a row (spec 2 §2): a summary with the detail views, the read-only form, or the editor. */
export function RowDetails(props: RowDetailsProps) {
  const { compiled, api, row, mode, onModeChange, session, onSessionChange, abilities } = props;
  const { t } = useLingui();
  const details = useRowDetails(api, compiled, row);
  const ready = details.phase === 'ready' ? details : undefined;

  // The editor works on the fresh record once it is read.
  useEffect(() => {
    if (ready && (!session || session.record.Oid !== ready.record.Oid)) onSessionChange(storedSession(ready.record, ready.etag));
  }, [ready, session, onSessionChange]);

  const record = session && session.record.Oid === row.Oid ? session.record : (ready?.record ?? row);
  const keys = (event: React.KeyboardEvent<HTMLElement>) => {
    // The grid's cell navigation must not steal keys typed into the details.
    event.stopPropagation();
    // Escape cancels: the row closes (asking first when the editor holds edits) and the grid focuses its cell again.
    // An open list or popup of a widget takes its own Escape, as do dialogs rendered from here into a portal.
    const target = event.target as HTMLElement;
    const ownPopup = target.getAttribute('aria-expanded') === 'true' || event.defaultPrevented;
    // In the phone's sheet (a dialog) the dialog closes itself on Escape.
    const inDialog = target.closest('[role="dialog"], [role="alertdialog"]') !== null;
    if (event.key === 'Escape' && !ownPopup && !inDialog && event.currentTarget.contains(target)) props.onClose();
  };

  return (
    <Box data-testid="row-details" data-mode={mode} data-phase={details.phase} p="3" h="full" overflow="auto" onKeyDown={keys} bg="bg.subtle" borderBottomWidth="1px">
      <HStack gap="1" mb="2" flexWrap="wrap" data-testid="row-toolbar">
        <Button size="xs" variant={mode === 'details' ? 'solid' : 'outline'} onClick={() => onModeChange('details')} data-testid="mode-details">
          <Info size={14} aria-hidden /> <Trans>Details</Trans>
        </Button>
        <Button size="xs" variant={mode === 'view' ? 'solid' : 'outline'} onClick={() => onModeChange('view')} data-testid="mode-view">
          <Eye size={14} aria-hidden /> <Trans>View</Trans>
        </Button>
        {abilities.update && (
          <Button size="xs" variant={mode === 'edit' ? 'solid' : 'outline'} onClick={() => onModeChange('edit')} data-testid="mode-edit">
            <Pencil size={14} aria-hidden /> <Trans>Edit</Trans>
          </Button>
        )}
        <Box flex="1" />
        <Button asChild size="xs" variant="ghost" data-testid="row-open-page">
          <RouterLink to={props.recordPath(row)}>
            <Maximize2 size={14} aria-hidden /> <Trans>Open page</Trans>
          </RouterLink>
        </Button>
        <Button size="xs" variant="ghost" onClick={() => props.onCopy(record)} data-testid="row-copy">
          <Copy size={14} aria-hidden /> <Trans>Copy</Trans>
        </Button>
        <Button size="xs" variant="ghost" onClick={props.onCopyLink} data-testid="row-copy-link">
          <Link2 size={14} aria-hidden /> <Trans>Copy link</Trans>
        </Button>
        {abilities.duplicate && (
          <Button size="xs" variant="ghost" onClick={() => props.onDuplicate(session?.value ?? record)} data-testid="row-duplicate">
            <CopyPlus size={14} aria-hidden /> <Trans>Duplicate</Trans>
          </Button>
        )}
        <RowCommandButtons rowCommands={props.rowCommands} record={record} />
        {abilities.remove && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDelete(record, session?.etag ?? ready?.etag)} data-testid="row-delete">
            <Trash2 size={14} aria-hidden /> <Trans>Delete</Trans>
          </Button>
        )}
      </HStack>
      {details.phase === 'fetching' && (
        <HStack data-testid="details-busy">
          <Spinner size="sm" /> <Text textStyle="sm">{t`Loading…`}</Text>
        </HStack>
      )}
      {details.phase === 'not-permitted' && <ViewNotPermitted />}
      {details.phase === 'gone' && (
        <Text textStyle="sm" color="fg.muted" data-testid="details-gone">
          <Trans>This record was deleted.</Trans>
        </Text>
      )}
      {details.phase === 'faulted' && <LoadFailure error={details.error} testId="details-error" />}
      {ready && mode === 'details' && <DetailsSummary compiled={compiled} record={record} views={ready.views} />}
      {ready && mode !== 'details' && session && session.record.Oid === row.Oid && (
        <RecordEditor
          key={mode}
          compiled={compiled}
          api={api}
          session={session}
          onSessionChange={onSessionChange}
          readOnly={mode === 'view' || !abilities.update}
          keepOpenOnUpdate
          onSaved={props.onSaved}
          onClose={props.onClose}
          focusRequest={props.focusRequest}
          onFocusApplied={props.onFocusApplied}
        />
      )}
    </Box>
  );
}

/** What a part of the details that failed says: that it could not be loaded, and the server's words why. */
function LoadFailure({ error, testId }: { error: unknown; testId: string }) {
  const reason = error instanceof Error ? error.message : undefined;
  return (
    <Text color="fg.error" textStyle="sm" data-testid={testId}>
      <Trans>This could not be loaded.</Trans>
      {reason ? <> <bdi>{reason}</bdi></> : null}
    </Text>
  );
}

function DetailsSummary({ compiled, record, views }: { compiled: CompiledEntity; record: DataRecord; views: DetailViewResult[] }) {
  const { t } = useLingui();
  const dateStyle = useDateStyle();
  const batches = useMemo(() => lookupBatches(compiled.lookups, [record]), [compiled.lookups, record]);
  const fields = compiled.meta.fields.filter((f) => f.usage !== 'Password' && f.name !== 'ETag' && f.name !== 'TenantOid');
  const plain = (path: string, label: string) => (
    <Box key={path} data-field={path}>
      <Text as="span" color="fg.muted">
        {label}:{' '}
      </Text>
      <Text as="bdi">{compiled.lookups[path] ? <LookupText lookup={compiled.lookups[path]!} value={valueAt(record, path)} batch={batches.get(lookupBatchId(compiled.lookups[path]!))} /> : formatRecordField(compiled, path, record, t`Yes`, t`No`, dateStyle)}</Text>
    </Box>
  );
  return (
    <Box data-testid="details-summary">
      <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="1" textStyle="sm">
        {fields.map((field) => {
          if (field.type === 'Array') return <DetailsArray key={field.name} compiled={compiled} field={field} record={record} />;
          if (field.type === 'Object') return objectLeafPaths(field, compiled.locale).map(({ path, label }) => plain(path, label));
          return plain(field.name, fieldLabel(field, compiled.locale));
        })}
      </Grid>
      {views.map((result) => {
        const label = compiled.details.find((d) => d.id === result.id)?.label ?? result.id;
        // A view the user may not see, or that failed, says so under its name; the record and other views stay.
        if (result.status !== 'ready') {
          return (
            <Box key={result.id} mt="3" data-testid={`detail-view-${result.id}`} data-status={result.status}>
              <Text fontWeight="semibold" textStyle="sm">
                {label}
              </Text>
              {result.status === 'not-permitted' ? <ViewNotPermitted /> : <LoadFailure error={result.error} testId="detail-view-error" />}
            </Box>
          );
        }
        const view = result.page;
        return (
          <Box key={result.id} mt="3" data-testid={`detail-view-${result.id}`} data-status={result.status}>
            <Text fontWeight="semibold" textStyle="sm">
              {label} ({view.items.length}
              {view.hasMore ? '+' : ''})
            </Text>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {view.columns.map((column) => (
                    <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.items.map((item) => (
                  <Table.Row key={String(item.Oid)}>
                    {view.columns.map((column) => (
                      <Table.Cell key={column}>
                        <bdi>{formatCell(item[column], t`Yes`, t`No`)}</bdi>
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        );
      })}
    </Box>
  );
}
