import { Box, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardPaste, Download, FilePlus, Link2, Upload } from 'lucide-react';
import { Suspense, useRef } from 'react';
import type { EntityDocument } from '../../../schemas/entity-document';
import type { CompiledEntity as Compiled } from '../../../schemas/compile-entity';
import type { PageProps } from '../../app/page-registry';
import { formatNumber } from '../../lib/format/format-number';
import { UnsavedChangesDialog } from '../../lib/ui/unsaved-changes-dialog';
import { CommandBar } from '../../shell/command-bar';
import type { DataApi } from './data-api';
import { hasLiveChanges } from './live-changes';
import { LiveChangesSummary } from './live-changes-summary';
import { preloadable } from '../../lib/lazy/preloadable';
import { QueryForm } from './query-form';
import { StoreTillNote } from './store-till-note';
import { DeleteDialog } from './delete-dialog';
import { PasteDialog } from './paste-dialog';
import { useGridController } from './use-grid-controller';

export { LIST_BUSY_DELAY_MS, SEARCH_LABEL_SWITCH_MS } from './use-grid-controller';

const GridTable = preloadable(() => import('./grid-table').then((m) => m.GridTable));
const RecordEditor = preloadable(() => import('./record-editor').then((m) => m.RecordEditor));
const ImportDialog = preloadable(() => import('./import-dialog').then((m) => m.ImportDialog));
const ExportDialog = preloadable(() => import('./export-dialog').then((m) => m.ExportDialog));
// Every grid shows its table, and the editor with the first click: both load while the page fetches the kind's
// metadata and first rows, so the rows render without waiting for a chunk.
void GridTable.preload();
void RecordEditor.preload();

interface Props extends PageProps {
  api: DataApi;
  doc: EntityDocument;
  compiled: Compiled;
}

/**
 * The grid screen's view of one kind: query form, commands, infinite grid with inline details, new-record editor.
 * What it does lives in `use-grid-controller.ts`.
 */
export function GridScreen({ item, api, doc, compiled }: Props) {
  const { t, i18n } = useLingui();
  const grid = useGridController({ item, api, compiled });
  const { abilities, creating, deleting, exporting, importing, pasting } = grid;

  /** The matching rows as the server counted them (exact, or 'more than' its limit), else the rows loaded. */
  const countText = () => {
    const count = grid.count;
    if (!count) return grid.hasMore ? t`${grid.rows.length}+ rows` : t`${grid.rows.length} rows`;
    const total = formatNumber(count.total, i18n.locale);
    return count.exact ? t`${total} matching rows` : t`More than ${total} matching rows`;
  };

  // The 'Show # new rows' button goes once the rows show; the focus moves to the search button beside it instead of
  // the page's body.
  const searchButton = useRef<HTMLButtonElement>(null);
  const showNew = async () => {
    await grid.live.showNew();
    searchButton.current?.focus();
  };

  return (
    <Box data-testid="data-grid-page" data-kind={api.kind}>
      <CommandBar>
        {abilities.create && (
          <Button size="sm" variant="outline" onClick={() => void grid.startNew()} data-testid="cmd-new">
            <FilePlus size={16} aria-hidden /> <Trans>New</Trans>
          </Button>
        )}
        {abilities.create && (
          <Button size="sm" variant="ghost" onClick={() => void grid.paste()} data-testid="cmd-paste">
            <ClipboardPaste size={16} aria-hidden /> <Trans>Paste</Trans>
          </Button>
        )}
        {abilities.create && (
          <Button size="sm" variant="ghost" onClick={grid.startImport} data-testid="cmd-import">
            <Upload size={16} aria-hidden /> <Trans>Import</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={grid.startExport} data-testid="cmd-export">
          <Download size={16} aria-hidden /> {t`Export`}
        </Button>
        <Button size="sm" variant="ghost" onClick={grid.copyLink} data-testid="cmd-copy-link">
          <Link2 size={16} aria-hidden /> <Trans>Copy link</Trans>
        </Button>
      </CommandBar>
      <StoreTillNote scopeFields={doc.scopeFields} />
      <QueryForm fields={compiled.queryFields} lookups={compiled.lookups} schema={compiled.schema} values={grid.draft.values} q={grid.draft.q} onChange={grid.changeDraft} onSubmit={grid.search}>
        <HStack>
          <Button ref={searchButton} size="sm" colorPalette="blue" onClick={grid.search} data-testid="grid-search" aria-busy={grid.busy}>
            {grid.searchedLong ? t`Refresh` : t`Start`}
          </Button>
          {grid.busy && <Spinner size="sm" data-testid="grid-busy" />}
          {grid.searched && (
            <Text textStyle="xs" color="fg.muted" data-testid="grid-count">
              {countText()}
            </Text>
          )}
          {hasLiveChanges(grid.live.changes) && <LiveChangesSummary changes={grid.live.changes} onShowNew={() => void showNew()} />}
        </HStack>
      </QueryForm>
      <Suspense fallback={<Spinner size="sm" />}>
        {creating && (
          <Box borderWidth="1px" borderRadius="md" p="3" mb="3" data-testid="new-record">
            <Text fontWeight="semibold" mb="2">
              <Trans>New {compiled.label}</Trans>
            </Text>
            <RecordEditor compiled={compiled} api={api} session={creating.session} onSessionChange={creating.change} onSaved={creating.saved} onClose={creating.close} />
          </Box>
        )}
        {grid.searched ? (
          <GridTable
            compiled={compiled}
            api={api}
            rows={grid.rows}
            hasMore={grid.hasMore}
            sort={grid.sort}
            onSortChange={grid.changeSort}
            onLoadMore={grid.loadMore}
            expanded={grid.openOid}
            onRowClick={grid.rowClick}
            onRowDoubleClick={grid.rowDoubleClick}
            onRowKey={grid.rowKey}
            count={grid.count}
            details={grid.details}
            liveMark={grid.live.markOf}
          />
        ) : (
          <Text color="fg.muted" textStyle="sm" data-testid="grid-not-started">
            <Trans>Choose your filters and press Start.</Trans>
          </Text>
        )}
        {exporting && <ExportDialog compiled={compiled} exported={exporting.exported} onCancel={exporting.cancel} onExport={exporting.run} />}
        {importing && <ImportDialog compiled={compiled} doc={doc} api={api} onCancel={importing.cancel} onDone={importing.done} />}
      </Suspense>
      {deleting && <DeleteDialog api={api} record={deleting.record} etag={deleting.etag} title={deleting.title} onDeleted={deleting.deleted} onCancel={deleting.cancel} />}
      <UnsavedChangesDialog guard={grid.guard} />
      {pasting && <PasteDialog onCancel={pasting.cancel} onPaste={pasting.accept} />}
    </Box>
  );
}
