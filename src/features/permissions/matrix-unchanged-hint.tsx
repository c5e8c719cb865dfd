import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { MatrixColumn, PermissionTreeEntry } from './permission-types';
import type { UnchangedClick } from './use-matrix-draft';

// First-strong isolates keep a path like "/data" whole inside a right-to-left sentence.
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * Why a click changed nothing: the cycle of spec 1 §4 keeps an undecided cell under a denying decision as it is, so
 * the user is told which decision denies it and where to change it. Announced politely to screen readers.
 */
export function MatrixUnchangedHint({ unchanged, rows, columnLabel }: { unchanged: UnchangedClick | null; rows: readonly PermissionTreeEntry[]; columnLabel: (column: MatrixColumn) => string }) {
  const text = (path: string) => rows.find((row) => row.p === path)?.text ?? path;
  const cell = unchanged ? isolate(`${text(unchanged.path)} – ${columnLabel(unchanged.column)}`) : '';
  const from = unchanged?.inheritsFrom ? isolate(`${text(unchanged.inheritsFrom.path)} (${unchanged.inheritsFrom.path}) – ${columnLabel(unchanged.inheritsFrom.column)}`) : '';
  return (
    <Text role="status" aria-live="polite" textStyle="sm" color="fg.warning" minH="5" data-testid="matrix-unchanged-hint">
      {unchanged &&
        (from ? (
          <Trans>
            No change: {cell} already inherits “denied” from {from}. To allow it, change that decision first.
          </Trans>
        ) : (
          <Trans>No change: {cell} cannot be changed here.</Trans>
        ))}
    </Text>
  );
}
