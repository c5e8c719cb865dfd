/** The double-click window of the grid (spec 2 §9). */
export const DOUBLE_CLICK_MS = 420;

/**
 * Tells a single click from a double click on the same key: a second click within `windowMs` is a double click
 * and cancels the pending single click; a lone click fires `onSingle` once the window has passed.
 */
export function createClickDetector<K>(onSingle: (key: K) => void, onDouble: (key: K) => void, windowMs = DOUBLE_CLICK_MS) {
  let pending: { key: K; timer: ReturnType<typeof setTimeout> } | undefined;
  return {
    click(key: K) {
      if (pending && pending.key === key) {
        clearTimeout(pending.timer);
        pending = undefined;
        onDouble(key);
        return;
      }
      if (pending) {
        clearTimeout(pending.timer);
        const previous = pending.key;
        pending = undefined;
        onSingle(previous);
      }
      const timer = setTimeout(() => {
        pending = undefined;
        onSingle(key);
      }, windowMs);
      pending = { key, timer };
    },
    cancel() {
      if (pending) clearTimeout(pending.timer);
      pending = undefined;
    },
  };
}
