import { useLingui } from '@lingui/react/macro';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import { SYSTEM_FIELD_NAMES } from '../../../schemas/system-fields';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { parseClipboardPayload, type PasteProblem } from './clipboard-payload';
import type { DataApi, DataRecord } from './data-api';

/** The clipboard of a grid: paste a new record (the CSV export is `use-grid-export.ts`). */
export function useGridTransfer(options: {
  api: DataApi;
  compiled: CompiledEntity;
  kind: string;
  onPasted: (value: DataRecord) => void;
  askForKeyboardPaste: () => void;
}) {
  const { api, compiled, kind } = options;
  const { t } = useLingui();

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

  return { paste, acceptPasted };
}
