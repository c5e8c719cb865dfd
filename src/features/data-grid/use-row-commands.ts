import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { commandResultIsWarning, commandResultText, type CompiledRowCommand } from '../../../schemas';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import { apiCall } from '../../lib/api/api-client';
import type { PermissionMap } from '../../lib/navigation/navigation-visibility';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import type { DataRecord } from './data-api';
import { allowedRowCommands } from './grid-permissions';

/** What the open row needs to offer a kind's row commands (`extensions.commands`). */
export interface RowCommands {
  commands: CompiledRowCommand[];
  /** The id of the command running now, if any: its button shows busy and the others wait. */
  running: string | undefined;
  run: (command: CompiledRowCommand, record: DataRecord) => void;
}

/**
 * The row commands the user may run on the grid's page path: each POSTs to its route with the record's oid and says
 * what happened in a toast (the metadata's text for the answer's `result`, a warning for its `warningResults`, else a
 * plain "done"); a failure is the
 * usual error toast with the server's message.
 */
export function useRowCommands(compiled: CompiledEntity, permissions: PermissionMap, path: string): RowCommands {
  const { t } = useLingui();
  const commands = useMemo(() => allowedRowCommands(compiled.commands, permissions, path), [compiled.commands, permissions, path]);
  const [running, setRunning] = useState<string | undefined>(undefined);
  const run = useCallback(
    (command: CompiledRowCommand, record: DataRecord) => {
      const url = command.post.replace('{Oid}', encodeURIComponent(String(record.Oid)));
      setRunning(command.id);
      apiCall<unknown>(url, { method: 'POST' })
        .then((answer) => {
          toasts.show({ type: commandResultIsWarning(command, answer.data) ? 'warning' : 'success', title: command.label, content: commandResultText(command, answer.data) ?? t`Done.` });
        })
        .catch((error: unknown) => showError(error))
        .finally(() => setRunning(undefined));
    },
    [t],
  );
  return { commands, running, run };
}
