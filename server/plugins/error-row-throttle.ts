/** How many error rows may be written per minute: in all, and for one client address. */
export interface ErrorRowLimits {
  perMinute: number;
  perAddressPerMinute: number;
}

/** Enough for any real incident to be recorded; too few for a flood of bad requests to fill the table. */
export const ERROR_ROW_LIMITS: ErrorRowLimits = { perMinute: 60, perAddressPerMinute: 10 };

const WINDOW_MS = 60_000;

/**
 * Decides whether a server fault gets its row in mate_error. Counts per fixed minute, in all and per client address,
 * so one client that keeps causing faults cannot use up what the others' faults need. The map of addresses is
 * emptied every minute and grows only while the overall limit is not reached, so it stays small.
 */
export class ErrorRowThrottle {
  private windowStart = -Infinity;
  private total = 0;
  private readonly perAddress = new Map<string, number>();
  /** Rows not written in the current minute (for the log). */
  suppressed = 0;

  constructor(
    private readonly limits: ErrorRowLimits = ERROR_ROW_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a fault from `address` may be stored now; counts it when so. */
  allow(address: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.total = 0;
      this.suppressed = 0;
      this.perAddress.clear();
    }
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (this.total >= this.limits.perMinute || fromAddress >= this.limits.perAddressPerMinute) {
      this.suppressed++;
      return false;
    }
    this.total++;
    this.perAddress.set(address, fromAddress + 1);
    return true;
  }
}
