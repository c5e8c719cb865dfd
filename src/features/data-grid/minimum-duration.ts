/** The details' busy state lasts at least this long, so it never flickers (spec 2 §9). */
export const DETAILS_MIN_BUSY_MS = 333;

/** Resolves or rejects as `work` does, but not before `ms` have passed since the call. */
export async function withMinimumDuration<T>(work: Promise<T>, ms: number, wait: (ms: number) => Promise<void> = (d) => new Promise((r) => setTimeout(r, d))): Promise<T> {
  const pause = wait(ms);
  try {
    const result = await work;
    await pause;
    return result;
  } catch (error) {
    await pause;
    throw error;
  }
}
