import type { Queryable } from '../../db/database';
import { quoteIdent as q } from '../../data/sql-names';
import { IDENTITY_TABLES } from '../../identity/identity-tables';
import { terminalSecretHash } from '../../terminals/terminal-credentials';

/**
 * The secret of every demo POS terminal. Demo data only, like DEMO_PASSWORD: anyone who reads docs/demo-data.md
 * knows it. Issued credentials (POST /api/terminals/{id}/credential) carry 256 random bits instead.
 */
export const DEMO_TERMINAL_SECRET = 'demo-terminal-secret-1';

/** The key of the n-th demo terminal (1-based): demo-pos-001, demo-pos-002, ... */
export const demoTerminalKey = (n: number): string => `demo-pos-${String(n).padStart(3, '0')}`;

/**
 * Gives every POS terminal of `posTable` a credential (key demoTerminalKey(n), secret DEMO_TERMINAL_SECRET), numbered
 * round-robin over the tenants (the first terminal of each tenant, then the second of each...), so that the
 * simulator's first N terminals spread over the tenants. Answers how many were issued.
 */
export async function seedDemoTerminalCredentials(tx: Queryable, posTable: string): Promise<number> {
  const terminals = await tx.query<{ Oid: string | number; TenantOid: string | number }>(`select "Oid", "TenantOid" from ${q(posTable)} order by "TenantOid", "TerminalNumber", "Oid"`);
  const perTenant = new Map<number, { oid: number; tenantOid: number }[]>();
  for (const row of terminals.rows) {
    const tenantOid = Number(row.TenantOid);
    if (!perTenant.has(tenantOid)) perTenant.set(tenantOid, []);
    perTenant.get(tenantOid)!.push({ oid: Number(row.Oid), tenantOid });
  }
  const lists = [...perTenant.values()];
  const ordered: { oid: number; tenantOid: number }[] = [];
  for (let i = 0; lists.some((list) => i < list.length); i += 1) {
    for (const list of lists) if (list[i]) ordered.push(list[i]!);
  }
  if (ordered.length === 0) return 0;
  await tx.query(
    `insert into mate_terminal_credential (terminal_oid, tenant_oid, terminal_key, secret_hash)
     select oid, tenant_oid, key, $4 from unnest($1::bigint[], $2::bigint[], $3::text[]) as t(oid, tenant_oid, key)`,
    [ordered.map((t) => t.oid), ordered.map((t) => t.tenantOid), ordered.map((_, i) => demoTerminalKey(i + 1)), terminalSecretHash(DEMO_TERMINAL_SECRET)],
  );
  return ordered.length;
}

/**
 * A demo database seeded before terminals had credentials (it has the demo user manager.de and no credential at
 * all) gets the demo credentials now; any other database is left alone. Answers how many were issued.
 */
export async function backfillDemoTerminalCredentials(tx: Queryable, posTable: string): Promise<number> {
  const found = await tx.query<{ demo: boolean; issued: boolean }>(
    `select exists (select 1 from ${IDENTITY_TABLES.user} where lower("UserName") = 'manager.de') as demo, exists (select 1 from mate_terminal_credential) as issued`,
  );
  const { demo, issued } = found.rows[0]!;
  return demo && !issued ? seedDemoTerminalCredentials(tx, posTable) : 0;
}
