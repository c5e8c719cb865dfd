// What bench/request-path.bench.ts and its server process (request-path-server.ts) share.

/** The administrator's password on the bench's fresh database. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-pass-1';

/** What the server tells the bench once it listens. */
export interface RequestPathReady {
  type: 'ready';
  engine: 'pglite' | 'postgres';
  mateUrl: string;
  peerUrl: string;
  tenantOid: number;
  /** Articles of the tenant in list order: reads take one, updates the others. */
  articleOids: number[];
  seedMs: number;
}
