import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { BuildInfo } from '../build-info';
import type { Catalogue } from '../data/catalogue';
import { quoteIdent } from '../data/sql-names';
import type { Database, Queryable } from '../db/database';
import type { ContextResolver } from '../lib/request-context';
import { bridgeHubMethods } from './bridge-hub-methods';
import { registerBridgeRoutes } from './bridge-routes';
import type { BridgeSource } from './bridge-state';
import { BridgeSubscriptions } from './bridge-subscriptions';
import { BUILT_IN_JOBS } from './built-in/built-in-jobs';
import { JobRegistry, type JobDefinition } from './job-definition';
import { JobRunner, type JobTimings } from './job-runner';
import type { JobTenant } from './job-store';

/** The runner's clocks and jobs, for tests (and an instance that should run none). */
export interface JobsOptions {
  /** Default: the built-in jobs. */
  definitions?: readonly JobDefinition<never>[];
  now?: () => number;
  timings?: Partial<JobTimings>;
  /** The only folder the import jobs read files from (config importDir). */
  importDir?: string;
  /** false: this instance claims no jobs (its bridge shows OFF); starts and cancels still work. Default true. */
  run?: boolean;
}

export interface JobsPluginOptions extends JobsOptions {
  db: Database;
  catalogue: Catalogue;
  buildInfo: BuildInfo;
  resolveContext: ContextResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner of this instance and the bridge's subscriptions (server/jobs), for tests. */
    jobs: { runner: JobRunner; subscriptions: BridgeSubscriptions };
  }
}

/** The tenant's Id and country from the tenant kind of the catalogue, stored with a run for the job list. */
function tenantDescriber(catalogue: Catalogue): (db: Queryable, oid: number) => Promise<JobTenant> {
  const kind = catalogue.find('tenancy', 'tenant');
  return async (db, oid) => {
    if (!kind) return { oid, id: null, countryCode: null };
    const row = (await db.query<{ id: string | null; country: string | null }>(`select "Id" as id, "CountryCode" as country from ${quoteIdent(kind.table)} where "Oid" = $1`, [oid])).rows[0];
    return { oid, id: row?.id ?? null, countryCode: row?.country ?? null };
  };
}

/**
 * The bridge: this instance's job runner (started when the app is ready, stopped on close, its jobs then handed
 * back to the queue), the hub methods StartBridgeJob, CancelBridgeJob and the two subscriptions, and the REST reads.
 * Registered after the hub, whose method registry it fills.
 */
export const jobsPlugin = fastifyPlugin<JobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const now = options.now ?? Date.now;
    const registry = new JobRegistry(options.definitions ?? BUILT_IN_JOBS);
    const runner = new JobRunner({ db: options.db, registry, instanceId: randomUUID(), now, timings: options.timings, describeTenant: tenantDescriber(options.catalogue), log: app.log, catalogue: options.catalogue, importDir: options.importDir });
    const running = options.run !== false;
    const source: BridgeSource = { db: options.db, registry, buildInfo: options.buildInfo, instanceId: runner.instanceId, runnerState: () => (running ? runner.state : 'OFF'), now };
    const subscriptions = new BridgeSubscriptions(source);
    runner.onEvent((event) => subscriptions.heard(event));
    for (const method of bridgeHubMethods({ runner, subscriptions, source, now })) app.hub.methods.register(method);
    registerBridgeRoutes(app, source, options.resolveContext);
    app.decorate('jobs', { runner, subscriptions });

    app.addHook('onReady', async () => {
      // Without running, the instance still listens: its subscribers hear the jobs other instances run.
      if (running) await runner.start();
      else await runner.listenOnly();
    });
    app.addHook('preClose', async () => {
      await runner.stop();
    });
  },
  { name: 'mate-jobs', fastify: '5.x', dependencies: ['mate-hub'] },
);
