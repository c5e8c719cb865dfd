import type { HubCaller } from '../hub/hub-method-registry';
import type { RequestContext } from '../lib/request-context';
import { audienceOf, mayReadJob, readBridgeState, type BridgeSource, type BridgeState } from './bridge-state';
import type { JobEvent } from './job-runner';
import { readJob, toBridgeJob, type JobRow } from './job-store';

/** The messages of the bridge (spec 1 §7). */
export const UPDATE_BRIDGE_STATE = 'UpdateBridgeState';
export const UPDATE_BRIDGE_JOBS = 'UpdateBridgeJobs';

/** A subscriber hears of the runs of its tenant (and the installation-wide ones) that it may read. */
function follows(context: RequestContext, tenantOid: number | undefined, job: JobRow): boolean {
  const audience = audienceOf(context, tenantOid);
  const ours = job.tenantOid === null ? audience.global : job.tenantOid === audience.tenantOid;
  return ours && mayReadJob(context, job);
}

interface Subscriber {
  /** The tenant followed; undefined: the connection's current one. */
  tenantOid: number | undefined;
  caller(): RequestContext;
  send(target: string, args: unknown[]): void;
}

/**
 * The connections of this instance that follow the bridge: state (UpdateBridgeState) or job changes
 * (UpdateBridgeJobs). A job event of any instance is read once and pushed to the subscribers who may read that job,
 * judged by who they are at the time of the push. A subscription lasts until it is unsubscribed or its connection ends.
 */
export class BridgeSubscriptions {
  private readonly state = new Map<string, Subscriber>();
  private readonly jobs = new Map<string, Subscriber>();
  /** Connections whose end is watched to drop their subscriptions. */
  private readonly watched = new Set<string>();
  /** Events are handled one after another, so a subscriber never gets an older figure after a newer one. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly source: BridgeSource) {}

  /** How many connections follow the state and the jobs (for tests). */
  counts(): { state: number; jobs: number } {
    return { state: this.state.size, jobs: this.jobs.size };
  }

  follow(what: 'state' | 'jobs', caller: HubCaller, tenantOid: number | undefined): void {
    const map = what === 'state' ? this.state : this.jobs;
    if (caller.connection.signal.aborted) return;
    // One listener per connection, however often it subscribes and unsubscribes.
    if (!this.watched.has(caller.connectionId)) {
      this.watched.add(caller.connectionId);
      caller.connection.signal.addEventListener('abort', () => {
        this.watched.delete(caller.connectionId);
        this.state.delete(caller.connectionId);
        this.jobs.delete(caller.connectionId);
      }, { once: true });
    }
    map.set(caller.connectionId, { tenantOid, caller: caller.connection.caller, send: caller.send });
  }

  /**
   * Stops a connection's subscription. With a tenant, only a subscription to that tenant ends: an unsubscribe for the
   * tenant the user just left must not end the one for the tenant they moved to, whichever call arrives first.
   */
  unfollow(what: 'state' | 'jobs', connectionId: string, tenantOid: number | undefined): void {
    const map = what === 'state' ? this.state : this.jobs;
    const subscriber = map.get(connectionId);
    if (subscriber && (tenantOid === undefined || subscriber.tenantOid === tenantOid)) map.delete(connectionId);
  }

  /** Takes a job event of any instance. */
  heard(event: JobEvent): void {
    if (this.state.size === 0 && this.jobs.size === 0) return;
    this.queue = this.queue.then(() => this.push(event)).catch(() => undefined); // the database is away: this push is lost, later ones carry the news
  }

  /** Resolves when the events heard so far have been pushed (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async push(event: JobEvent): Promise<void> {
    const row = await readJob(this.source.db, event.oid);
    if (!row) return;
    const job = toBridgeJob(row);
    for (const subscriber of this.jobs.values()) {
      if (follows(subscriber.caller(), subscriber.tenantOid, row)) subscriber.send(UPDATE_BRIDGE_JOBS, [[job]]);
    }
    // One state per audience (tenant, global or not), however many subscribers share it.
    const states = new Map<string, Promise<BridgeState>>();
    for (const subscriber of this.state.values()) {
      const context = subscriber.caller();
      if (!follows(context, subscriber.tenantOid, row)) continue;
      const audience = audienceOf(context, subscriber.tenantOid);
      const key = `${audience.tenantOid}:${audience.global}`;
      let state = states.get(key);
      if (!state) states.set(key, (state = readBridgeState(this.source, audience)));
      subscriber.send(UPDATE_BRIDGE_STATE, [await state]);
    }
  }
}
