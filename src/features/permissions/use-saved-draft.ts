import { useState } from 'react';
import type { KeyedMutator } from 'swr';
import { showError } from '../../lib/toasts/show-error';

/**
 * An editable copy of a loaded answer: edits change the draft only; saving sends it, takes the server's answer as
 * the new loaded state (no refetch) and reports success through `onSaved`; a failure is shown as a toast.
 */
export function useSavedDraft<T>(data: T | undefined, mutate: KeyedMutator<T>) {
  const [draft, setDraft] = useState<T | undefined>(data);
  const [busy, setBusy] = useState(false);
  // A new answer (loaded or saved) is the draft again.
  const [draftOfData, setDraftOfData] = useState(data);
  if (draftOfData !== data) {
    setDraftOfData(data);
    setDraft(data);
  }

  async function save(put: (draft: T) => Promise<T>, onSaved: () => void) {
    if (!draft) return;
    setBusy(true);
    try {
      await mutate(await put(draft), { revalidate: false });
      onSaved();
    } catch (error) {
      showError(error, { method: 'PUT' });
    } finally {
      setBusy(false);
    }
  }

  /** The props of the SaveBar under the tree. */
  const saveBarProps = (onSave: () => void) => ({ dirty: draft !== data, busy, onSave, onDiscard: () => setDraft(data) });

  return { draft, setDraft, save, saveBarProps };
}
