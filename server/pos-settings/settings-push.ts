import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { queueConfigurationPushes } from '../terminals/terminal-configuration';
import type { ResolvedScope, ScopeTables } from './settings-scope';

/**
 * After a change at a scope, every connected POS terminal below it gets its new configuration at once (the same push
 * as ForcePosClassicSync, without a job: docs/terminals.md "Configuration"). A failed push is logged, not answered:
 * the change is stored, and the next sync delivers it.
 */
export async function pushToTerminalsBelow(db: Database, tables: ScopeTables, scope: ResolvedScope, now: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const rows = await db.query<{ tenant_oid: string; terminal_oid: string }>(
      `select c.tenant_oid, c.terminal_oid from mate_terminal_connection c
         join ${q(tables.terminal)} t on t."Oid" = c.terminal_oid
         join ${q(tables.tenant)} n on n."Oid" = c.tenant_oid
        where c.connected
          and ($1::text = 'GLOBAL'
            or ($1 = 'COUNTRY' and n."CountryCode" = $2)
            or ($1 = 'TENANT' and c.tenant_oid::text = $2)
            or ($1 = 'LOCATION' and t."LocationOid"::text = $2)
            or ($1 = 'TERMINAL' and c.terminal_oid::text = $2))`,
      [scope.level, scope.key],
    );
    const byTenant = new Map<number, number[]>();
    for (const row of rows.rows) byTenant.set(Number(row.tenant_oid), [...(byTenant.get(Number(row.tenant_oid)) ?? []), Number(row.terminal_oid)]);
    for (const [tenantOid, terminals] of byTenant) await queueConfigurationPushes(db, { posTable: tables.terminal, tenantTable: tables.tenant }, tenantOid, null, now, terminals);
  } catch (error) {
    log.error({ err: error, scope: scope.scope }, 'the POS configuration could not be pushed to the terminals');
  }
}
