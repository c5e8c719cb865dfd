import type { Queryable } from '../../db/database';
import { terminalSecretHash } from '../../terminals/terminal-credentials';
import type { SeededTenant } from './tenancy-records';

/**
 * The secret of every demo POS terminal. Demo data only, like DEMO_PASSWORD: anyone who reads docs/demo-data.md
 * knows it. Issued credentials (POST /api/terminals/{oid}/credential) carry 256 random bits instead.
 */
export const DEMO_TERMINAL_SECRET = 'demo-terminal-secret-1';

/** The key of the n-th demo terminal (1-based): demo-pos-001, demo-pos-002, ... */
export const demoTerminalKey = (n: number): string => `demo-pos-${String(n).padStart(3, '0')}`;

/**
 * Gives every seeded POS terminal a credential (key demoTerminalKey(n), secret DEMO_TERMINAL_SECRET), numbered
 * round-robin over the tenants (the first terminal of each tenant, then the second of each...), so that the
 * simulator's first N terminals spread over the tenants. Answers how many were issued.
 */
export async function seedDemoTerminalCredentials(tx: Queryable, tenants: readonly SeededTenant[]): Promise<number> {
  const perTenant = tenants.map((tenant) => tenant.locations.flatMap((location) => location.terminals.map((terminal) => ({ oid: terminal.oid, tenantOid: tenant.oid }))));
  const ordered: { oid: number; tenantOid: number }[] = [];
  for (let i = 0; perTenant.some((list) => i < list.length); i += 1) {
    for (const list of perTenant) if (list[i]) ordered.push(list[i]!);
  }
  if (ordered.length === 0) return 0;
  await tx.query(
    `insert into mate_terminal_credential (terminal_oid, tenant_oid, terminal_key, secret_hash)
     select oid, tenant_oid, key, $4 from unnest($1::bigint[], $2::bigint[], $3::text[]) as t(oid, tenant_oid, key)`,
    [ordered.map((t) => t.oid), ordered.map((t) => t.tenantOid), ordered.map((_, i) => demoTerminalKey(i + 1)), terminalSecretHash(DEMO_TERMINAL_SECRET)],
  );
  return ordered.length;
}
