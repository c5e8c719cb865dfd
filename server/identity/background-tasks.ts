/** Runs a task later; production: setImmediate, tests: a queue they run when they choose. */
export type Schedule = (run: () => void) => void;

/** Tasks waiting or running at most; beyond it new ones are dropped (their callers answered already anyway). */
export const BACKGROUND_TASK_LIMIT = 1_000;

/**
 * Work an answer must not wait for: the answer cannot then tell anything by its timing about what the work found
 * (password reset, docs/auth.md). `idle()` waits for what was started, for a clean shutdown and for tests.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly schedule: Schedule = (run) => void setImmediate(run),
    private readonly limit = BACKGROUND_TASK_LIMIT,
  ) {}

  /** Starts `task` after the current answer; false (and the task dropped) when too many are pending. */
  run(task: () => Promise<void>, onError: (error: unknown) => void): boolean {
    if (this.pending.size >= this.limit) return false;
    const done = new Promise<void>((resolve) => {
      this.schedule(() => {
        task().then(resolve, (error: unknown) => {
          onError(error);
          resolve();
        });
      });
    });
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
    return true;
  }

  /** Resolves once every task started so far, and those they started, has ended. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
