import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';

// Numeric job states (spec 2 §4): 3, 4 and 5 are the spec's; 1 and 2 are ours (docs/jobs.md). Shared with the browser.
export { JOB_STATE, type JobState } from '../../schemas/bridge-wire';
import type { JobTexts } from '../../schemas/bridge-wire';

/** Bad parameters of a start; the message names the parameter. */
export class JobParameterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobParameterError';
  }
}

/** What a running job may use. */
export interface JobContext<P> {
  db: Database;
  /** The run (its `mate_job` row), for records the job leaves behind. */
  jobOid: number;
  /** The entity kinds, for jobs that work on metadata-driven tables; undefined in runners built without one. */
  catalogue: Catalogue | undefined;
  /** The only folder jobs may read files from (config `importDir`); undefined when none is configured. */
  importDir: string | undefined;
  /** The tenant the job runs for; null for an installation-wide job. */
  tenantOid: number | null;
  parameters: P;
  /** Aborted when the job is cancelled, its instance shuts down or another instance took the job over. */
  signal: AbortSignal;
  /** Stores and pushes progress; `countMax` once known. Throws the abort reason once the signal is aborted. */
  progress(count: number, countMax?: number): Promise<void>;
  /** The runner's clock (tests inject one). */
  now(): number;
}

/** A job the runner knows by name. */
export interface JobDefinition<P = unknown> {
  /** kebab-case, unique; what StartBridgeJob names. */
  name: string;
  category: string;
  description: string;
  /** What `count` counts, e.g. "rows". */
  countUnit: string;
  /** The category, description, count unit and parameter labels in each UI language but English (docs/jobs.md "Texts"). */
  texts?: Record<string, JobTexts>;
  /** `tenant`: runs for one tenant; `global`: for the whole installation (needs the right globally). */
  scope: 'tenant' | 'global';
  /** The parameters as JSON Schema, for the page's start form and the docs. */
  parameterSchema: Record<string, unknown>;
  /** Checks raw parameters (JSON from the caller or a schedule); throws JobParameterError naming the bad one. */
  parseParameters(raw: unknown): P;
  /**
   * The tenants besides its own that a run with these parameters works in. Starting it by hand needs Update on the
   * bridge in each of them too (StartBridgeJob, ResetProcessQueue): a right in one tenant never reaches another.
   */
  otherTenants?(parameters: P): number[];
  run(context: JobContext<P>): Promise<void>;
}

/** Parameter helpers, so every job words its refusals alike. */
export const jobParameters = {
  /** The raw parameters as an object with only `allowed` keys. */
  object(raw: unknown, allowed: readonly string[]): Record<string, unknown> {
    if (raw === undefined || raw === null) return {};
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new JobParameterError('The parameters must be an object.');
    const unknown = Object.keys(raw).filter((key) => !allowed.includes(key));
    if (unknown.length > 0) throw new JobParameterError(`Unknown parameter '${unknown[0]!.slice(0, 40)}'${allowed.length ? `; this job takes ${allowed.join(', ')}` : '; this job takes none'}.`);
    return raw as Record<string, unknown>;
  },
  integer(values: Record<string, unknown>, name: string, min: number, max: number, fallback: number): number {
    const value = values[name];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new JobParameterError(`The parameter '${name}' must be a whole number from ${min} to ${max}.`);
    return value;
  },
};

/** The definitions by name; a second one of a name is a programming error. */
export class JobRegistry {
  private readonly byName = new Map<string, JobDefinition>();

  constructor(definitions: readonly JobDefinition<never>[]) {
    for (const definition of definitions) {
      if (this.byName.has(definition.name)) throw new Error(`The job ${definition.name} is defined twice.`);
      this.byName.set(definition.name, definition as unknown as JobDefinition);
    }
  }

  find(name: string): JobDefinition | undefined {
    return this.byName.get(name);
  }

  all(): JobDefinition[] {
    return [...this.byName.values()];
  }
}
