import { useState } from 'react';

/**
 * The submit cycle of an auth form: problems show once it was `attempted`, `busy` while the request runs, then
 * `done` or the `failure` (kept until the page clears it, e.g. on the next edit).
 */
export function useFormSubmission() {
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [done, setDone] = useState(false);

  /** Marks the attempt; sends only when the form's own checks pass. */
  async function submit(valid: boolean, send: () => Promise<void>) {
    setAttempted(true);
    if (!valid) return;
    setBusy(true);
    try {
      await send();
      setDone(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return { attempted, busy, failure, setFailure, done, submit };
}
