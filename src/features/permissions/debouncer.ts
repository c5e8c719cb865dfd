/** Runs `action` with the latest value once `delayMs` passed without a newer one. */
export function createDebouncer<T>(action: (value: T) => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value: T) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        action(value);
      }, delayMs);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The permission search waits this long after the last keystroke (spec 1 §9). */
export const PERMISSION_SEARCH_DEBOUNCE_MS = 500;
