import { useMemo, useState } from 'react';
import { saveStagedCells, stageClick, stagedCells, withStoredCell, type StagedSave } from './matrix-draft';
import type { Decision, MatrixColumn, PermissionTreeEntry } from './permission-types';

/** A click the cycle left unchanged: the cell, and the decision it already inherits. */
export interface UnchangedClick {
  path: string;
  column: MatrixColumn;
  inheritsFrom?: { path: string; column: MatrixColumn };
}

/**
 * The matrix's clicks staged until Save: the stored rows as loaded, the rows with the staged clicks, the staged cells,
 * and the last click that changed nothing. Saving sends the staged cells one by one; each stored cell leaves the
 * stage, so after a failure only what the server did not take stays staged.
 */
export function useMatrixDraft(loaded: readonly PermissionTreeEntry[] | undefined, save: (cell: { path: string; tenantOid: number | null; value: Decision }) => Promise<PermissionTreeEntry>) {
  const [stored, setStored] = useState<PermissionTreeEntry[]>(() => [...(loaded ?? [])]);
  const [staged, setStaged] = useState<PermissionTreeEntry[]>(() => [...(loaded ?? [])]);
  const [unchanged, setUnchanged] = useState<UnchangedClick | null>(null);
  const [busy, setBusy] = useState(false);
  // Rows loaded (again) start the stage afresh.
  const [stagedFrom, setStagedFrom] = useState(loaded);
  if (stagedFrom !== loaded) {
    setStagedFrom(loaded);
    setStored([...(loaded ?? [])]);
    setStaged([...(loaded ?? [])]);
    setUnchanged(null);
  }

  const cells = useMemo(() => stagedCells(stored, staged), [stored, staged]);

  function click(path: string, column: MatrixColumn) {
    const result = stageClick(staged, path, column);
    if (result.changed) {
      setStaged(result.rows);
      setUnchanged(null);
    } else {
      setUnchanged({ path, column, inheritsFrom: result.inheritsFrom });
    }
  }

  function discard() {
    setStaged(stored);
    setUnchanged(null);
  }

  async function saveAll(): Promise<StagedSave> {
    setBusy(true);
    setUnchanged(null);
    try {
      return await saveStagedCells(cells, save, (row, cell) => {
        setStored((rows) => withStoredCell(rows, row, cell.column));
        setStaged((rows) => withStoredCell(rows, row, cell.column));
      });
    } finally {
      setBusy(false);
    }
  }

  return { rows: staged, cells, unchanged, busy, dirty: cells.length > 0, click, discard, saveAll };
}
