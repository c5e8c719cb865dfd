/** Phases of the busy action indicator (spec 1 §4): pending is busy before the icon shows. */
export type BusyPhase = 'idle' | 'pending' | 'busy' | 'success' | 'failure';

/** Timings of spec 1 §9 in ms. */
export const BUSY_TIMINGS = { delay: 25, minimum: 250, success: 500, failure: 750 } as const;

/** Timing overrides, for tests and special buttons. */
export type BusyTimings = { delay: number; minimum: number; success: number; failure: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs an action through the indicator's phases: pending, busy icon after the delay, busy for at least the
 * minimum, then the success icon (then resolve) or the failure icon (then reject), then idle.
 */
export async function runBusyAction<T>(action: () => Promise<T>, onPhase: (phase: BusyPhase) => void, timings: BusyTimings = BUSY_TIMINGS): Promise<T> {
  const started = Date.now();
  let settled = false;
  onPhase('pending');
  const iconTimer = setTimeout(() => {
    if (!settled) onPhase('busy');
  }, timings.delay);
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await action() };
  } catch (error) {
    outcome = { ok: false, error };
  }
  const rest = timings.minimum - (Date.now() - started);
  if (rest > 0) await wait(rest);
  settled = true;
  clearTimeout(iconTimer);
  onPhase(outcome.ok ? 'success' : 'failure');
  await wait(outcome.ok ? timings.success : timings.failure);
  onPhase('idle');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
