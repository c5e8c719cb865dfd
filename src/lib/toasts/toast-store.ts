/** Toast kinds of spec 1 §3. */
export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'system-error';

/** A button on a toast; a toast with actions stays until dismissed. */
export interface ToastAction {
  label: string;
  /** A route to go to, or a handler. */
  to?: string;
  onClick?: () => void;
}

/** What a caller asks for. */
export interface ToastInput {
  type: ToastType;
  title: string;
  content?: string;
  group?: string;
  /** Icon name (lucide kebab-case), e.g. 'ban' for 403, 'user-lock' for locked accounts. */
  icon?: string;
  /** Overrides the type's duration; undefined keeps the rule of spec 1 §9. */
  duration?: number;
  actions?: ToastAction[];
  /** Id of the server's stored fault (header of a 5xx answer), readable with GET api/error({id}). */
  errorId?: string;
}

/** A toast on screen. */
export interface Toast extends Omit<ToastInput, 'duration'> {
  id: number;
  date: Date;
  /** Milliseconds until it closes itself, or null when it stays until dismissed. */
  duration: number | null;
}

/** Durations of spec 1 §9 in ms; null means until dismissed. */
export const TOAST_DURATIONS: Record<ToastType, number | null> = { info: 5000, success: 5000, warning: 10_000, error: 15_000, 'system-error': null };

/** How long a toast stays: until dismissed for system errors and toasts with actions. */
export function toastDuration(input: ToastInput): number | null {
  if (input.type === 'system-error' || (input.actions?.length ?? 0) > 0) return null;
  return input.duration ?? TOAST_DURATIONS[input.type];
}

/** A toast list with the replacement and timing rules of spec 1 §4, §9; subscribe-able for useSyncExternalStore. */
export interface ToastStore {
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
}

/** Creates a store; `log` receives system errors (the console in the app). */
export function createToastStore(log: (toast: Toast) => void = (toast) => console.error(`[system error] ${toast.title}`, toast.content ?? '')): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const stopTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const dismiss = (id: number) => {
    stopTimer(id);
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };

  const show = (input: ToastInput): number => {
    const toast: Toast = { ...input, id: nextId++, date: new Date(), duration: toastDuration(input) };
    // Each new toast replaces all others except system errors, which must stay until read.
    for (const old of toasts) if (old.type !== 'system-error') stopTimer(old.id);
    toasts = [...toasts.filter((old) => old.type === 'system-error'), toast];
    if (toast.duration !== null) timers.set(toast.id, setTimeout(() => dismiss(toast.id), toast.duration));
    if (toast.type === 'system-error') log(toast);
    emit();
    return toast.id;
  };

  return {
    show,
    dismiss,
    clear: () => {
      for (const id of [...timers.keys()]) stopTimer(id);
      toasts = [];
      emit();
    },
    getSnapshot: () => toasts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's toasts. */
export const toasts = createToastStore();
