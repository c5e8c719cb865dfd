import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import { SYSTEM_FIELD_NAMES } from '../../../schemas/system-fields';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { parseClipboardPayload, type PasteProblem } from './clipboard-payload';
import type { DataApi, DataRecord } from './data-api';
import { listParamsOf, type GridQuery } from './grid-query';

/** Every field but the version and tenant: what the import reads back. */
function exportColumns(compiled: CompiledEntity) {
  return compiled.meta.fields.filter((f) => f.name !== 'ETag' && f.name !== 'TenantOid').map((f) => ({ field: f.name }));
}

/** The clipboard and CSV export of a grid: paste a new record, export the current query. */
export function useGridTransfer(options: {
  api: DataApi;
  compiled: CompiledEntity;
  kind: string;
  query: GridQuery;
  onPasted: (value: DataRecord) => void;
  askForKeyboardPaste: () => void;
}) {
  const { api, compiled, kind, query } = options;
  const { t } = useLingui();
  const [exported, setExported] = useState<number>();

  const problems: Record<PasteProblem, string> = { empty: t`Clipboard is empty`, format: t`Wrong clipboard format`, type: t`Invalid clipboard type` };

  /** Pasted text -> a new record in forced edit mode: the kind's empty record with the pasted known fields. */
  const acceptPasted = async (text: string) => {
    const result = parseClipboardPayload(text, kind);
    if (!result.ok) {
      toasts.show({ type: 'warning', title: problems[result.problem] });
      return;
    }
    try {
      const empty = await api.empty();
      const known = new Set(compiled.meta.fields.map((f) => f.name).filter((name) => name === 'Disabled' || !SYSTEM_FIELD_NAMES.includes(name)));
      const pasted = Object.fromEntries(Object.entries(result.data).filter(([name]) => known.has(name)));
      options.onPasted({ ...empty, ...pasted });
    } catch (error) {
      showError(error);
    }
  };

  const paste = async () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard?.readText) {
      toasts.show({ type: 'info', title: t`Keyboard paste only` });
      options.askForKeyboardPaste();
      return;
    }
    let text: string;
    try {
      text = await clipboard.readText();
    } catch {
      // The browser refused to let the script read: the user pastes by keyboard instead.
      toasts.show({ type: 'info', title: t`Keyboard paste only` });
      options.askForKeyboardPaste();
      return;
    }
    await acceptPasted(text);
  };

  /** Every page of the current query as CSV, following `next`, the row count shown while it runs. */
  const exportCsv = async () => {
    setExported(0);
    try {
      const { collectAllPages, rowsToCsv } = await import('./csv-export');
      const params = listParamsOf(query, compiled.queryFields);
      const rows = await collectAllPages((cursor) => api.list({ ...params, take: 500, ...(cursor ? { cursor } : {}) }), setExported);
      const blob = new Blob([`\uFEFF${rowsToCsv(exportColumns(compiled), rows)}`], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${kind.replace('/', '-')}.csv`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toasts.show({ type: 'success', title: t`Operation successful`, content: t`${rows.length} rows exported.` });
    } catch (error) {
      showError(error);
    } finally {
      setExported(undefined);
    }
  };

  return { paste, acceptPasted, exportCsv, exported };
}
