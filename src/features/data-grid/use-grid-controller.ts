import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { CompiledEntity as Compiled } from '../../../schemas/compile-entity';
import type { NavigationItem } from '../../../schemas/entity-document';
import { copyToClipboard } from '../../lib/toasts/copy-to-clipboard';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { useDelayedFlag } from '../../lib/ui/use-delayed-flag';
import { useLatest } from '../../lib/ui/use-latest';
import { useUnsavedGuard, type UnsavedGuard } from '../../lib/ui/use-unsaved-guard';
import { useBasePath } from '../../shell/base-path';
import { useNavigationData } from '../../shell/navigation-context';
import { createClickDetector } from './click-detector';
import { clipboardPayload } from './clipboard-payload';
import type { DataApi, DataRecord, ListCount } from './data-api';
import type { ExportColumn } from './export-columns';
import { isDirty, newSession, storedSession, type EditorSession } from './editor-session';
import { gridAbilities, type GridAbilities } from './grid-permissions';
import { decodeQueryKey, gridAddressParams, listParamsOf, sharedLink, type GridQuery } from './grid-query';
import type { LiveChanges, LiveMark } from './live-changes';
import type { DetailMode, RowDetailsProps } from './row-details';
import type { FocusRequest } from './use-record-editor-controller';
import { useGridExport } from './use-grid-export';
import { useGridList } from './use-grid-list';
import { useGridTransfer } from './use-grid-transfer';
import { useLiveRows } from './use-live-rows';
import { useRowCommands } from './use-row-commands';

/** The Search button switches from 'Start' to 'Refresh' once a search has run this long (spec 2 §9). */
export const SEARCH_LABEL_SWITCH_MS = 600;
/** The list's busy indicator shows after this long (spec 2 §4). */
export const LIST_BUSY_DELAY_MS = 250;

/** The extended row; `focus` asks its editor to focus a field (F2 on a cell). */
export interface OpenRow {
  oid: unknown;
  mode: DetailMode;
  focus?: FocusRequest;
}

/** What the grid of one kind is given: its page (navigation item), data service and compiled metadata. */
export interface GridControllerOptions {
  item: Pick<NavigationItem, 'path'>;
  api: DataApi;
  compiled: Compiled;
}

/** Everything a view of one kind's grid shows and calls; no markup, so another view can use it as it is. */
export interface GridController {
  abilities: GridAbilities;
  /** The query form's values as the user fills them in (not yet run). */
  draft: { values: Record<string, unknown>; q: string };
  changeDraft: (values: Record<string, unknown>, q: string) => void;
  sort: GridQuery['sort'];
  /** A new search or sort (asks first when the open row holds edits); the query shown again is a conditional refresh. */
  search: () => void;
  changeSort: (next: GridQuery['sort']) => void;
  rows: DataRecord[];
  hasMore: boolean;
  /** The matching rows as the server counted them, when it did. */
  count: ListCount | undefined;
  /** A search has run: the grid shows rows rather than 'Choose your filters'. */
  searched: boolean;
  /** A search has run long enough for 'Refresh' rather than 'Start' (SEARCH_LABEL_SWITCH_MS). */
  searchedLong: boolean;
  /** The list has been loading for LIST_BUSY_DELAY_MS. */
  busy: boolean;
  loadMore: () => void;
  live: {
    changes: LiveChanges;
    markOf: (oid: unknown) => LiveMark | undefined;
    /** Shows the new records counted (the query runs again when there are too many); resolves once they show. */
    showNew: () => Promise<void>;
  };
  /** The Oid of the open (extended) row. */
  openOid: unknown;
  rowClick: (record: DataRecord) => void;
  rowDoubleClick: (record: DataRecord) => void;
  rowKey: (record: DataRecord, key: 'Enter' | 'F2', field: string | undefined) => void;
  /** The open row's details and editor: what RowDetails takes besides the row. */
  details: Omit<RowDetailsProps, 'row' | 'compiled' | 'api'>;
  /** The editor of a new record (New, Duplicate, Paste), while there is one. */
  creating: { session: EditorSession; change: (session: EditorSession) => void; saved: (record: DataRecord, created: boolean) => void; close: () => void } | undefined;
  startNew: () => Promise<void>;
  paste: () => Promise<void>;
  /** The keyboard paste dialog, where the clipboard cannot be read. */
  pasting: { cancel: () => void; accept: (text: string) => void } | undefined;
  importing: { cancel: () => void; done: () => void } | undefined;
  startImport: () => void;
  exporting: { exported: number | undefined; cancel: () => void; run: (columns: readonly ExportColumn[]) => void } | undefined;
  startExport: () => void;
  /** The delete confirmation of a record, while asked. */
  deleting: { record: DataRecord; etag: string | undefined; title: string; deleted: () => void; cancel: () => void } | undefined;
  copyLink: () => void;
  /** The unsaved-edits question (UnsavedChangesDialog). */
  guard: UnsavedGuard;
}

/**
 * The grid's controller (spec 2 §2, §4, §5, §9), in the manner of react-admin's `useListController`: the query and
 * its run (kept in the address as `$k`, `$start`, `$row`), the infinite list, the open row and its editor session,
 * the commands (New, Paste, Import, Export, Copy link, Delete), live updates and the unsaved-edits guard.
 */
export function useGridController({ item, api, compiled }: GridControllerOptions): GridController {
  const { t } = useLingui();
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
  const search = () => guard.confirm(() => void runSearch());

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

  // New records elsewhere are read and put first; too many to read one by one, and the query runs again.
  const showNew = async () => {
    if (!(await live.showNew())) search();
  };

  const startNew = async () => {
    try {
      setCreating(newSession(await api.empty()));
    } catch (error) {
      showError(error);
    }
  };

  const editOrView = abilities.update ? 'edit' : 'view';
  return {
    abilities,
    draft,
    changeDraft: (values, q) => setDraft({ values, q }),
    sort,
    search,
    changeSort: (next) =>
      guard.confirm(() => {
        setSort(next);
        void runSearch({ ...query, sort: next });
      }),
    rows: list.state.rows,
    hasMore: list.state.hasMore,
    count: list.state.count,
    searched: list.state.searched,
    searchedLong,
    busy,
    loadMore: () => void list.loadMore(),
    live: { changes: live.changes, markOf: live.markOf, showNew },
    openOid,
    rowClick: (record) => clicks.click(record),
    rowDoubleClick: (record) => setExpandedRow({ oid: record.Oid, mode: editOrView }),
    rowKey: (record, key, field) => setExpandedRow(key === 'F2' ? { oid: record.Oid, mode: editOrView, focus: { field: field ?? '' } } : expandedOid(record) ? undefined : { oid: record.Oid, mode: 'details' }),
    details,
    creating: creating && { session: creating, change: setCreating, saved: onSaved, close: () => setCreating(undefined) },
    startNew,
    paste: () => transfer.paste(),
    pasting: pasting
      ? {
          cancel: () => setPasting(false),
          accept: (text) => {
            setPasting(false);
            void transfer.acceptPasted(text);
          },
        }
      : undefined,
    importing: importing ? { cancel: () => setImporting(false), done: () => (setImporting(false), void runSearch()) } : undefined,
    startImport: () => setImporting(true),
    exporting: exporting ? { exported: exporter.exported, cancel: () => setExporting(false), run: (columns) => void exporter.run(columns).then((done) => done && setExporting(false)) } : undefined,
    startExport: () => setExporting(true),
    deleting: deleting && {
      ...deleting,
      title: String(deleting.record[compiled.meta.titleField] ?? deleting.record.Oid),
      deleted: () => {
        list.patchRow(deleting.record.Oid, null);
        setDeleting(undefined);
        closeRow();
        toasts.show({ type: 'success', title: t`Operation successful`, content: t`Deleted.` });
      },
      cancel: () => setDeleting(undefined),
    },
    copyLink: () => void copyToClipboard(link()),
    guard,
  };
}
