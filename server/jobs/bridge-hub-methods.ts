import { HubMethodError, hubArguments, type HubCaller, type HubMethod } from '../hub/hub-method-registry';
import type { RequestContext } from '../lib/request-context';
import { audienceOf, BRIDGE_PATH, readBridgeState, type BridgeSource } from './bridge-state';
import { UPDATE_BRIDGE_JOBS, UPDATE_BRIDGE_STATE, type BridgeSubscriptions } from './bridge-subscriptions';
import { JOB_STATE, JobParameterError } from './job-definition';
import type { JobRunner } from './job-runner';
import { readJob, requestCancel, toBridgeJob, type BridgeJob } from './job-store';
import { MAX_REPROCESS_TENANTS, reprocessUnprocessedDocuments } from './built-in/reprocess-unprocessed-documents';

/** What the bridge's hub methods work with. */
export interface BridgeHubParts {
  runner: JobRunner;
  subscriptions: BridgeSubscriptions;
  source: BridgeSource;
  now(): number;
}

interface StartArguments {
  name: string;
  parameters: unknown;
  tenantOid: number | undefined;
}

/** Whether the caller holds `action` on the bridge for an installation-wide job (globally, not in one tenant). */
function mayGlobally(context: RequestContext, action: 'Read' | 'Update'): boolean {
  return context.canGlobally ? context.canGlobally(BRIDGE_PATH, action) : context.can(BRIDGE_PATH, action);
}

function parseStart(args: readonly unknown[]): StartArguments {
  hubArguments.atMost(args, 3, 'StartBridgeJob');
  const name = args[0];
  if (typeof name !== 'string' || name.length === 0) throw new HubMethodError('Argument 1 (name) must be the name of a job.');
  if (name.length > 100) throw new HubMethodError('Argument 1 (name) must be at most 100 characters.');
  const parameters = args[1];
  if (parameters !== undefined && parameters !== null && (typeof parameters !== 'object' || Array.isArray(parameters))) throw new HubMethodError('Argument 2 (parameters) must be an object.');
  const tenantOid = args[2] === undefined || args[2] === null ? undefined : hubArguments.positiveInteger(args, 2, 'tenantOid');
  return { name, parameters: parameters ?? {}, tenantOid };
}

/**
 * StartBridgeJob(name, parameters?, tenantOid?): queues a run of the job for the tenant (default: the connection's)
 * and answers it. Needs Update on /service/bridge in that tenant; an installation-wide job needs it globally.
 */
function startBridgeJob(parts: BridgeHubParts): HubMethod<StartArguments> {
  return {
    name: 'StartBridgeJob',
    parse: parseStart,
    // A tenant job is authorised by the hub like an API call; an installation-wide one is checked in invoke.
    permission: (args) => (parts.runner.registry.find(args.name)?.scope === 'global' ? undefined : { path: BRIDGE_PATH, action: 'Update', tenantOid: args.tenantOid }),
    async invoke(args, caller): Promise<BridgeJob> {
      const definition = parts.runner.registry.find(args.name);
      if (!definition) throw new HubMethodError(`Argument 1 (name): no job is called '${args.name}'.`);
      let tenantOid: number | null = null;
      if (definition.scope === 'global') {
        if (!mayGlobally(caller.context, 'Update')) throw new HubMethodError(`Not permitted: ${definition.name} runs for the whole installation and needs Update on ${BRIDGE_PATH} globally.`);
        if (args.tenantOid !== undefined) throw new HubMethodError(`Argument 3 (tenantOid): ${definition.name} runs for the whole installation, not for a tenant.`);
      } else {
        tenantOid = args.tenantOid ?? caller.context.tenantOid ?? null;
        if (tenantOid === null) throw new HubMethodError('Argument 3 (tenantOid) is needed: the connection works in no tenant.');
      }
      let row;
      try {
        mayStartIn(caller.context, definition.otherTenants?.(definition.parseParameters(args.parameters)) ?? []);
        row = await parts.runner.enqueue({ name: definition.name, tenantOid, parameters: args.parameters, manual: true, startedBy: caller.context.userOid, startedByName: caller.context.username });
      } catch (error) {
        if (error instanceof JobParameterError) throw new HubMethodError(`Argument 2 (parameters): ${error.message}`);
        throw error;
      }
      if (!row) throw new HubMethodError(`The job ${definition.name} is already queued or running${tenantOid === null ? '' : ` for tenant ${tenantOid}`}.`);
      return toBridgeJob(row);
    },
  };
}

/**
 * Refuses a start whose run works in tenants (a job's `otherTenants`) where the caller lacks Update on the bridge,
 * naming the first: a right held in one tenant never reaches another.
 */
function mayStartIn(context: RequestContext, tenantOids: readonly number[]): void {
  const refused = tenantOids.find((oid) => !context.tenantOids.includes(oid) || !context.can(BRIDGE_PATH, 'Update', oid));
  if (refused !== undefined) throw new HubMethodError(`Not permitted: Update on ${BRIDGE_PATH} in tenant ${refused}.`);
}

/** ResetProcessQueue's argument: one tenant (or the connection's), or a list of tenants for one run over all of them. */
type QueueTenants = number | number[] | undefined;

function parseQueueTenants(args: readonly unknown[]): QueueTenants {
  hubArguments.atMost(args, 1, 'ResetProcessQueue');
  const value = args[0];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return hubArguments.positiveInteger(args, 0, 'tenantOid');
  const valid = value.length >= 1 && value.length <= MAX_REPROCESS_TENANTS && value.every((oid) => typeof oid === 'number' && Number.isSafeInteger(oid) && oid >= 1);
  if (!valid) throw new HubMethodError(`Argument 1 (tenantOid) must be a positive whole number or a list of 1 to ${MAX_REPROCESS_TENANTS} of them.`);
  return [...new Set(value as number[])];
}

/**
 * ResetProcessQueue(tenantOid?) starts reprocess-unprocessed-documents for one tenant (default: the connection's),
 * needing Update on /service/bridge there. ResetProcessQueue([tenantOid, ...]) (our extension: "Reprocess all" of
 * the unprocessed page) starts one run over every tenant of the list where the caller belongs and holds that right;
 * the others are left out, and none such is a refusal. That run is the connection's tenant's if it is one of them,
 * else the first one's, and it is followed like any other on SubscribeBridgeJobNotification of that tenant.
 */
function resetProcessQueue(parts: BridgeHubParts): HubMethod<QueueTenants> {
  const jobName = reprocessUnprocessedDocuments.name;
  return {
    name: 'ResetProcessQueue',
    parse: parseQueueTenants,
    permission: (tenants) => (Array.isArray(tenants) ? undefined : { path: BRIDGE_PATH, action: 'Update', tenantOid: tenants }),
    async invoke(tenants, caller): Promise<BridgeJob> {
      const { context } = caller;
      let tenantOid: number | null;
      let parameters: { tenantOids?: number[] } = {};
      if (Array.isArray(tenants)) {
        const permitted = tenants.filter((oid) => context.tenantOids.includes(oid) && context.can(BRIDGE_PATH, 'Update', oid));
        if (permitted.length === 0) throw new HubMethodError(`Not permitted: Update on ${BRIDGE_PATH} in none of the tenants named.`);
        tenantOid = context.tenantOid !== undefined && permitted.includes(context.tenantOid) ? context.tenantOid : permitted[0]!;
        parameters = { tenantOids: permitted };
      } else {
        tenantOid = tenants ?? context.tenantOid ?? null;
        if (tenantOid === null) throw new HubMethodError('Argument 1 (tenantOid) is needed: the connection works in no tenant.');
      }
      const row = await parts.runner.enqueue({ name: jobName, tenantOid, parameters, manual: true, startedBy: context.userOid, startedByName: context.username });
      if (!row) throw new HubMethodError(`The job ${jobName} is already queued or running for tenant ${tenantOid}.`);
      return toBridgeJob(row);
    },
  };
}

/**
 * A hub method that starts one job of the tenant without parameters: ForcePosClassicSync(tenantOid?) starts
 * push-terminal-configuration. The tenant defaults to
 * the connection's; the answer is the queued run, followed like any other on SubscribeBridgeJobNotification. Needs
 * Update on /service/bridge in that tenant, as StartBridgeJob of the same job would.
 */
function jobShortcut(methodName: string, jobName: string, parts: BridgeHubParts): HubMethod<number | undefined> {
  return {
    name: methodName,
    parse(args) {
      hubArguments.atMost(args, 1, methodName);
      return args[0] === undefined || args[0] === null ? undefined : hubArguments.positiveInteger(args, 0, 'tenantOid');
    },
    permission: (tenantOid) => ({ path: BRIDGE_PATH, action: 'Update', tenantOid }),
    async invoke(argument, caller): Promise<BridgeJob> {
      const tenantOid = argument ?? caller.context.tenantOid ?? null;
      if (tenantOid === null) throw new HubMethodError('Argument 1 (tenantOid) is needed: the connection works in no tenant.');
      const row = await parts.runner.enqueue({ name: jobName, tenantOid, parameters: {}, manual: true, startedBy: caller.context.userOid, startedByName: caller.context.username });
      if (!row) throw new HubMethodError(`The job ${jobName} is already queued or running for tenant ${tenantOid}.`);
      return toBridgeJob(row);
    },
  };
}

/**
 * CancelBridgeJob(jobOid): a queued run is cancelled at once, a running one is aborted on the instance that runs
 * it. Needs Update on /service/bridge in the run's tenant; a run the caller may not read is as unknown as none.
 */
function cancelBridgeJob(parts: BridgeHubParts): HubMethod<number> {
  return {
    name: 'CancelBridgeJob',
    parse(args) {
      hubArguments.atMost(args, 1, 'CancelBridgeJob');
      return hubArguments.positiveInteger(args, 0, 'jobOid');
    },
    async invoke(oid, caller): Promise<BridgeJob> {
      const { context } = caller;
      const job = await readJob(parts.source.db, oid);
      const visible = job && (job.tenantOid === null ? mayGlobally(context, 'Read') : context.tenantOids.includes(job.tenantOid) && context.can(BRIDGE_PATH, 'Read', job.tenantOid));
      if (!job || !visible) throw new HubMethodError(`Argument 1 (jobOid): there is no job ${oid}.`);
      const allowed = job.tenantOid === null ? mayGlobally(context, 'Update') : context.can(BRIDGE_PATH, 'Update', job.tenantOid);
      if (!allowed) throw new HubMethodError(`Not permitted: Update on ${BRIDGE_PATH}${job.tenantOid === null ? ' globally' : ` in tenant ${job.tenantOid}`}.`);
      const cancelled = await requestCancel(parts.source.db, oid, parts.now());
      if (!cancelled) throw new HubMethodError(`Job ${oid} has already finished.`);
      // Every instance hears it: the one running the job aborts its handler, all push the change to their subscribers.
      await parts.runner.publish({ oid, tenantOid: cancelled.tenantOid, ...(cancelled.state === JOB_STATE.running ? { cancel: true } : {}) });
      return toBridgeJob(cancelled);
    },
  };
}

/**
 * SubscribeBridgeStateNotification(tenantOid?) and SubscribeBridgeJobNotification(tenantOid?): the connection hears
 * the bridge of the tenant (default: the connection's) until it ends; the current picture is the answer and the
 * first message. Needs Read on /service/bridge in that tenant. A browser names the tenant the user works in: its
 * WebSocket cannot carry the scope header.
 */
function subscription(name: string, what: 'state' | 'jobs', parts: BridgeHubParts): HubMethod<number | undefined> {
  return {
    name,
    parse(args) {
      hubArguments.atMost(args, 1, name);
      return args[0] === undefined || args[0] === null ? undefined : hubArguments.positiveInteger(args, 0, 'tenantOid');
    },
    permission: (tenantOid) => ({ path: BRIDGE_PATH, action: 'Read', tenantOid }),
    async invoke(tenantOid, caller: HubCaller) {
      parts.subscriptions.follow(what, caller, tenantOid);
      const state = await readBridgeState(parts.source, audienceOf(caller.context, tenantOid));
      // The current picture goes out as the first message too: a client that only listens needs no result.
      if (what === 'state') {
        caller.send(UPDATE_BRIDGE_STATE, [state]);
        return state;
      }
      caller.send(UPDATE_BRIDGE_JOBS, [state.jobs]);
      return state.jobs;
    },
  };
}

/**
 * UnsubscribeBridgeStateNotification(tenantOid?) and UnsubscribeBridgeJobNotification(tenantOid?) (our extension):
 * the connection stops hearing the bridge. With a tenant, only a subscription to that tenant ends. Idempotent, and
 * open to any signed-in user: it only ever takes something away from the caller's own connection.
 */
function unsubscription(name: string, what: 'state' | 'jobs', parts: BridgeHubParts): HubMethod<number | undefined> {
  return {
    name,
    parse(args) {
      hubArguments.atMost(args, 1, name);
      return args[0] === undefined || args[0] === null ? undefined : hubArguments.positiveInteger(args, 0, 'tenantOid');
    },
    invoke(tenantOid, caller: HubCaller) {
      parts.subscriptions.unfollow(what, caller.connectionId, tenantOid);
      return null;
    },
  };
}

/** The bridge's methods of the hub (docs/hub.md "Methods"). */
export function bridgeHubMethods(parts: BridgeHubParts): HubMethod<never>[] {
  return [
    subscription('SubscribeBridgeStateNotification', 'state', parts),
    subscription('SubscribeBridgeJobNotification', 'jobs', parts),
    unsubscription('UnsubscribeBridgeStateNotification', 'state', parts),
    unsubscription('UnsubscribeBridgeJobNotification', 'jobs', parts),
    startBridgeJob(parts),
    cancelBridgeJob(parts),
    resetProcessQueue(parts),
    jobShortcut('ForcePosClassicSync', 'push-terminal-configuration', parts),
  ] as unknown as HubMethod<never>[];
}
