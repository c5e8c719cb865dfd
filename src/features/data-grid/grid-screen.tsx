import { Box, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardPaste, Download, FilePlus, Link2, Upload } from 'lucide-react';
import { Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { EntityDocument } from '../../../schemas/entity-document';
import type { CompiledEntity as Compiled } from '../../../schemas/compile-entity';
import type { PageProps } from '../../app/page-registry';
import { formatNumber } from '../../lib/format/format-number';
import { copyToClipboard } from '../../lib/toasts/copy-to-clipboard';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { UnsavedChangesDialog } from '../../lib/ui/unsaved-changes-dialog';
import { useDelayedFlag } from '../../lib/ui/use-delayed-flag';
import { useUnsavedGuard } from '../../lib/ui/use-unsaved-guard';
import { useBasePath } from '../../shell/base-path';
import { CommandBar } from '../../shell/command-bar';
import { useNavigationData } from '../../shell/navigation-context';
import { createClickDetector } from './click-detector';
import { clipboardPayload } from './clipboard-payload';
import type { DataApi, DataRecord } from './data-api';
import { isDirty, newSession, storedSession, type EditorSession } from './editor-session';
import { hasLiveChanges } from './live-changes';
import { LiveChangesSummary } from './live-changes-summary';
import { decodeQueryKey, gridAddressParams, listParamsOf, sharedLink, type GridQuery } from './grid-query';
import { preloadable } from '../../lib/lazy/preloadable';
import { gridAbilities } from './grid-permissions';
import { QueryForm } from './query-form';
import { StoreTillNote } from './store-till-note';
import type { FocusRequest } from './record-editor';
import type { DetailMode } from './row-details';
import { DeleteDialog } from './delete-dialog';
import { PasteDialog } from './paste-dialog';
import { useGridList } from './use-grid-list';
import { useLiveRows } from './use-live-rows';
import { useGridExport } from './use-grid-export';
import { useGridTransfer } from './use-grid-transfer';
import { useRowCommands } from './use-row-commands';
import { useLatest } from '../../lib/ui/use-latest';

const GridTable = preloadable(() => import('./grid-table').then((m) => m.GridTable));
const RecordEditor = preloadable(() => import('./record-editor').then((m) => m.RecordEditor));
const ImportDialog = preloadable(() => import('./import-dialog').then((m) => m.ImportDialog));
const ExportDialog = preloadable(() => import('./export-dialog').then((m) => m.ExportDialog));
// Every grid shows its table, and the editor with the first click: both load while the page fetches the kind's
// metadata and first rows, so the rows render without waiting for a chunk.
void GridTable.preload();
void RecordEditor.preload();

/** The Search button switches from 'Start' to 'Refresh' once a search has run this long (spec 2 §9). */
export const SEARCH_LABEL_SWITCH_MS = 600;
/** The list's busy indicator shows after this long (spec 2 §4). */
export const LIST_BUSY_DELAY_MS = 250;

/** The extended row; `focus` asks its editor to focus a field (F2 on a cell). */
interface OpenRow {
  oid: unknown;
  mode: DetailMode;
  focus?: FocusRequest;
}

interface Props extends PageProps {
  api: DataApi;
  doc: EntityDocument;
  compiled: Compiled;
}

/** The grid screen of one kind: query form, commands, infinite grid with inline details, new-record editor. */
export function GridScreen({ item, api, doc, compiled }: Props) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { permissions } = useNavigationData();
  const base = useBasePath();
  const abilities = useMemo(() => gridAbilities(compiled.meta.operations, permissions, item.path), [compiled.meta.operations, permissions, item.path]);
  const rowCommands = useRowCommands(compiled, permissions, item.path);

  const [linked] = useState(() => decodeQueryKey(params.get('$k'))); // the link counts once, at load
  const [draft, setDraft] = useState<{ values: Record<string, unknown>; q: string }>({ values: linked?.values ?? {}, q: linked?.q ?? '' });
  const [sort, setSort] = useState(linked?.sort.length ? linked.sort : compiled.grid.defaultSort);
  const list = useGridList(api, compiled.grid.pageSize);
  const query: GridQuery = useMemo(() => ({ ...draft, sort }), [draft, sort]);

  // The query that ran last: kept in the address with the open row, so Back and Forward (and a reload) return to it.
  // A link with $start or $row runs its query at load; so does a kind whose metadata asks for it (grid.runOnLoad).
  const [ran, setRan] = useState<GridQuery | undefined>(() => (params.has('$start') || params.has('$row') || compiled.grid.runOnLoad ? query : undefined));
  const [expanded, setExpanded] = useState<OpenRow | undefined>(() => (params.get('$row') ? { oid: Number(params.get('$row')), mode: 'details' } : undefined));
  const expandedModeRef = useLatest(expanded?.mode);
  const [session, setSession] = useState<EditorSession>();
  const live = useLiveRows(api, {
    rows: list.state.rows,
    patchRow: list.patchRow,
    prependRow: list.prependRow,
    // The open row's details follow a change made elsewhere while the user has not edited it; its editor, when open,
    // reads the record itself (use-changed-elsewhere.ts).
    onRowRead: (record, etag) => setSession((now) => (now && expandedModeRef.current === 'details' && now.record.Oid === record.Oid && !isDirty(now) ? storedSession(record, etag) : now)),
  });
  const [creating, setCreating] = useState<EditorSession>();
  const [deleting, setDeleting] = useState<{ record: DataRecord; etag: string | undefined }>();
  const [pasting, setPasting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Unsaved edits of the open row or of a new record are not thrown away without asking (issue 14).
  const guard = useUnsavedGuard((session !== undefined && isDirty(session)) || (creating !== undefined && isDirty(creating)));

  // A refresh of the query shown is conditional: when the list is unchanged (304) the rows and the expanded row stay.
  const { search: searchList } = list;
  const { clear: clearLive } = live;
  const runSearch = useCallback(
    async (next: GridQuery = query) => {
      setRan(next);
      const outcome = await searchList(listParamsOf(next, compiled.queryFields));
      if (outcome === 'loaded') closeRow();
      if (outcome === 'loaded' || outcome === 'unchanged') clearLive();
    },
    [searchList, compiled.queryFields, query, clearLive],
  );

  /** Closes the open row without asking: its rows were replaced, or its record is gone. */
  function closeRow() {
    setExpanded(undefined);
    setSession(undefined);
  }

  /** A new search replaces the rows and so closes the open row: asks first when it holds edits. */
  const search = (next?: GridQuery) => guard.confirm(() => void runSearch(next));

  const { confirm } = guard;
  const setExpandedRow = useCallback(
    (next: OpenRow | undefined) => {
      const leaving = !next || next.oid !== expanded?.oid;
      const apply = () => {
        setExpanded(next);
        if (leaving) setSession(undefined);
      };
      // Closing the open row or opening another one ends its editor session: ask first when it holds edits.
      if (leaving) confirm(apply);
      else apply();
    },
    [expanded, confirm],
  );

  // The query of the load (see `ran`) runs once, with the row of the link opened again once its rows are there.
  const searchOnLoad = useEffectEvent(() => {
    if (!ran) return;
    const row = expanded;
    void searchList(listParamsOf(ran, compiled.queryFields)).then(() => row && setExpanded(row));
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    searchOnLoad();
  }, []);

  const openOid = expanded?.oid;
  useEffect(() => {
    if (!ran) return;
    const next = gridAddressParams(ran, openOid);
    // Replaced, not pushed: the grid's own state is not a page of its own in the history.
    if (next.toString() !== new URLSearchParams(window.location.search).toString()) setParams(next, { replace: true });
  }, [ran, openOid, setParams]);

  const searchedLong = useDelayedFlag(list.state.searched, SEARCH_LABEL_SWITCH_MS);
  const busy = useDelayedFlag(list.state.loading, LIST_BUSY_DELAY_MS);

  const expandedOid = useCallback((record: DataRecord) => expanded !== undefined && expanded.oid === record.Oid, [expanded]);
  const clicks = useMemo(
    () =>
      createClickDetector<DataRecord>(
        (record) => setExpandedRow(expandedOid(record) ? undefined : { oid: record.Oid, mode: 'details' }),
        (record) => setExpandedRow({ oid: record.Oid, mode: abilities.update ? 'edit' : 'view' }),
      ),
    [abilities.update, expandedOid, setExpandedRow],
  );
  useEffect(() => () => clicks.cancel(), [clicks]);

  // The editor applied the F2 focus request: dropped, so that no later render or editor of the row applies it again.
  const dropFocusRequest = useCallback((request: FocusRequest) => setExpanded((e) => (e?.focus === request ? { oid: e.oid, mode: e.mode } : e)), []);

  const link = (row?: unknown) => sharedLink(window.location.origin, location.pathname, query, row);
  const onSaved = useCallback(
    (record: DataRecord, created: boolean) => {
      if (created) list.prependRow(record);
      else list.patchRow(record.Oid, record);
    },
    [list],
  );

  const exporter = useGridExport({ api, compiled, kind: api.kind, query });
  const transfer = useGridTransfer({ api, compiled, kind: api.kind, onPasted: (value) => setCreating(newSession(value)), askForKeyboardPaste: () => setPasting(true) });

  const details = {
    mode: expanded?.mode ?? 'details',
    onModeChange: (mode: DetailMode) => setExpanded((e) => (e ? { oid: e.oid, mode } : e)),
    focusRequest: expanded?.focus,
    onFocusApplied: dropFocusRequest,
    session,
    onSessionChange: setSession,
    abilities,
    onSaved,
    onClose: () => setExpandedRow(undefined),
    onCopy: (record: DataRecord) => void copyToClipboard(clipboardPayload(api.kind, record)),
    onDuplicate: (record: DataRecord) => setCreating(newSession(record)),
    onDelete: (record: DataRecord, etag: string | undefined) => setDeleting({ record, etag }),
    onCopyLink: () => void copyToClipboard(link(expanded?.oid)),
    recordPath: (record: DataRecord) => `${base}${item.path}/${encodeURIComponent(String(record.Oid))}`,
    rowCommands,
  };

  /** The matching rows as the server counted them (exact, or 'more than' its limit), else the rows loaded. */
  const countText = () => {
    const count = list.state.count;
    if (!count) return list.state.hasMore ? t`${list.state.rows.length}+ rows` : t`${list.state.rows.length} rows`;
    const total = formatNumber(count.total, i18n.locale);
    return count.exact ? t`${total} matching rows` : t`More than ${total} matching rows`;
  };

  // New records elsewhere are read and put first; too many to read one by one, and the query runs again.
  // The button goes once the rows show; the focus moves to the search button beside it instead of the page's body.
  const searchButton = useRef<HTMLButtonElement>(null);
  const showNew = async () => {
    if (!(await live.showNew())) search();
    searchButton.current?.focus();
  };

  const startNew = async () => {
    try {
      setCreating(newSession(await api.empty()));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Box data-testid="data-grid-page" data-kind={api.kind}>
      <CommandBar>
        {abilities.create && (
          <Button size="sm" variant="outline" onClick={() => void startNew()} data-testid="cmd-new">
            <FilePlus size={16} aria-hidden /> <Trans>New</Trans>
          </Button>
        )}
        {abilities.create && (
          <Button size="sm" variant="ghost" onClick={() => void transfer.paste()} data-testid="cmd-paste">
            <ClipboardPaste size={16} aria-hidden /> <Trans>Paste</Trans>
          </Button>
        )}
        {abilities.create && (
          <Button size="sm" variant="ghost" onClick={() => setImporting(true)} data-testid="cmd-import">
            <Upload size={16} aria-hidden /> <Trans>Import</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setExporting(true)} data-testid="cmd-export">
          <Download size={16} aria-hidden /> {t`Export`}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void copyToClipboard(link())} data-testid="cmd-copy-link">
          <Link2 size={16} aria-hidden /> <Trans>Copy link</Trans>
        </Button>
      </CommandBar>
      <StoreTillNote scopeFields={doc.scopeFields} />
      <QueryForm fields={compiled.queryFields} lookups={compiled.lookups} schema={compiled.schema} values={draft.values} q={draft.q} onChange={(values, q) => setDraft({ values, q })} onSubmit={() => search()}>
        <HStack>
          <Button ref={searchButton} size="sm" colorPalette="blue" onClick={() => search()} data-testid="grid-search" aria-busy={busy}>
            {searchedLong ? t`Refresh` : t`Start`}
          </Button>
          {busy && <Spinner size="sm" data-testid="grid-busy" />}
          {list.state.searched && (
            <Text textStyle="xs" color="fg.muted" data-testid="grid-count">
              {countText()}
            </Text>
          )}
          {hasLiveChanges(live.changes) && <LiveChangesSummary changes={live.changes} onShowNew={() => void showNew()} />}
        </HStack>
      </QueryForm>
      <Suspense fallback={<Spinner size="sm" />}>
        {creating && (
          <Box borderWidth="1px" borderRadius="md" p="3" mb="3" data-testid="new-record">
            <Text fontWeight="semibold" mb="2">
              <Trans>New {compiled.label}</Trans>
            </Text>
            <RecordEditor compiled={compiled} api={api} session={creating} onSessionChange={setCreating} onSaved={onSaved} onClose={() => setCreating(undefined)} />
          </Box>
        )}
        {list.state.searched ? (
          <GridTable
            compiled={compiled}
            api={api}
            rows={list.state.rows}
            hasMore={list.state.hasMore}
            sort={sort}
            onSortChange={(next) =>
              guard.confirm(() => {
                setSort(next);
                void runSearch({ ...query, sort: next });
              })
            }
            onLoadMore={() => void list.loadMore()}
            expanded={expanded?.oid}
            onRowClick={(record) => clicks.click(record)}
            onRowDoubleClick={(record) => setExpandedRow({ oid: record.Oid, mode: abilities.update ? 'edit' : 'view' })}
            onRowKey={(record, key, field) =>
              setExpandedRow(key === 'F2' ? { oid: record.Oid, mode: abilities.update ? 'edit' : 'view', focus: { field: field ?? '' } } : expandedOid(record) ? undefined : { oid: record.Oid, mode: 'details' })
            }
            count={list.state.count}
            details={details}
            liveMark={live.markOf}
          />
        ) : (
          <Text color="fg.muted" textStyle="sm" data-testid="grid-not-started">
            <Trans>Choose your filters and press Start.</Trans>
          </Text>
        )}
        {exporting && <ExportDialog compiled={compiled} exported={exporter.exported} onCancel={() => setExporting(false)} onExport={(columns) => void exporter.run(columns).then((done) => done && setExporting(false))} />}
        {importing && <ImportDialog compiled={compiled} doc={doc} api={api} onCancel={() => setImporting(false)} onDone={() => (setImporting(false), void runSearch())} />}
      </Suspense>
      {deleting && (
        <DeleteDialog
          api={api}
          record={deleting.record}
          etag={deleting.etag}
          title={String(deleting.record[compiled.meta.titleField] ?? deleting.record.Oid)}
          onDeleted={() => {
            list.patchRow(deleting.record.Oid, null);
            setDeleting(undefined);
            closeRow();
            toasts.show({ type: 'success', title: t`Operation successful`, content: t`Deleted.` });
          }}
          onCancel={() => setDeleting(undefined)}
        />
      )}
      <UnsavedChangesDialog guard={guard} />
      {pasting && (
        <PasteDialog
          onCancel={() => setPasting(false)}
          onPaste={(text) => {
            setPasting(false);
            void transfer.acceptPasted(text);
          }}
        />
      )}
    </Box>
  );
}

