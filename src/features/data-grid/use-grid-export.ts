import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import { apiGet } from '../../lib/api/api-client';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { dataBase, type DataApi, type ListPage } from './data-api';
import { exportCellText, type ExportColumn } from './export-columns';
import { listParamsOf, type GridQuery } from './grid-query';

/** Offers a text as a file download. */
function download(text: string, fileName: string): void {
  const blob = new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The looked-up records of one lookup read; a kind the user may not list (403) or that is gone (404) leaves the stored
 * values in the file, as the grid shows them, rather than failing the whole export.
 */
async function readLookedUp(entity: string, filter: string, take: number) {
  try {
    return (await apiGet<ListPage>(dataBase(entity), { take, filter })).items;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

/**
 * The CSV export of a grid's query: every page (following `next`), the chosen columns with their labels as headers,
 * lookups as the looked-up record's text; `exported` counts the rows read while it runs. Resolves true when the file
 * was offered.
 */
export function useGridExport(options: { api: DataApi; compiled: CompiledEntity; kind: string; query: GridQuery }) {
  const { api, compiled, kind, query } = options;
  const { t } = useLingui();
  const [exported, setExported] = useState<number>();

  const run = async (columns: readonly ExportColumn[]): Promise<boolean> => {
    setExported(0);
    try {
      const [{ collectAllPages, rowsToCsv }, { exportLookupTexts }] = await Promise.all([import('./csv-export'), import('./export-lookup-texts')]);
      const params = listParamsOf(query, compiled.queryFields);
      const rows = await collectAllPages((cursor) => api.list({ ...params, take: 500, ...(cursor ? { cursor } : {}) }), setExported);
      const texts = await exportLookupTexts(columns, rows, (entity, filter, take) => readLookedUp(entity, JSON.stringify(filter), take));
      download(rowsToCsv(columns, rows, exportCellText(texts)), `${kind.replace('/', '-')}.csv`);
      toasts.show({ type: 'success', title: t`Operation successful`, content: t`${rows.length} rows exported.` });
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setExported(undefined);
    }
  };

  return { run, exported };
}
