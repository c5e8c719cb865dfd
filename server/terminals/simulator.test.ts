import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles, setUserTenants } from '../identity/user-admin';
import { demoTerminalKey } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import type { TestDatabase } from '../test-support/test-database';
import { TERMINAL_MONITORING_PATH } from './terminal-monitoring';
import type { TerminalConnectionState } from './terminal-state';
import { startTerminalInstance } from './terminal-test-app';

// `npm run terminals` as a user runs it: the CLI in a process of its own against a listening server with the demo data.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the terminal simulator', () => {
  let database: TestDatabase;
  let server: HubInstance;
  let token: string;

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    await seedDemoData(database.db, await builtInCatalogue(), { articles: 0 });
    server = await startTerminalInstance(database);
    const watcher = await createRole(database.db, 'Watchers');
    await setPermission(database.db, { subject: { roleOid: watcher }, path: TERMINAL_MONITORING_PATH, tenantOid: null, action: 'Read', allowed: true });
    // The watcher monitors every tenant that has terminals.
    const tenants = await database.db.query<{ tenant_oid: string }>('select distinct tenant_oid from mate_terminal_credential');
    const tenantOids = tenants.rows.map((row) => Number(row.tenant_oid));
    const oid = await addUser(database, 'watcher', 'watcher-password');
    await setUserTenants(database.db, oid, { tenantOids, primaryTenantOid: tenantOids[0]! });
    await setUserRoles(database.db, oid, tenantOids.map((tenantOid) => ({ roleOid: watcher, tenantOid })));
    token = await signInToken(server.app, 'watcher', 'watcher-password');
  }, 180_000);
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const connectedKeys = async (): Promise<number[]> => {
    const answer = await server.app.inject({ url: '/api/terminals/connections', headers: { authorization: `Bearer ${token}` } });
    return (answer.json() as { items: TerminalConnectionState[] }).items.filter((item) => item.connected).map((item) => item.terminalOid);
  };

  it('connects N demo terminals, sends receipts at the rate, and stops cleanly on Ctrl+C', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/terminals/simulator.ts', '--count', '2', '--rate', '600', '--url', server.url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const keys = await database.db.query<{ terminal_oid: string }>('select terminal_oid from mate_terminal_credential where terminal_key = any($1::text[]) order by terminal_key', [[demoTerminalKey(1), demoTerminalKey(2)]]);
    const expected = keys.rows.map((row) => Number(row.terminal_oid)).sort();
    await expect.poll(async () => (await connectedKeys()).sort(), { timeout: 30_000 }).toEqual(expected);
    // 600 a minute is one every 100 ms on average: a few arrive soon.
    await expect.poll(async () => Number((await database.db.query<{ n: string }>('select count(*)::text as n from mate_terminal_document')).rows[0]!.n), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(/demo-pos-001: receipt \d+ stored/);
    expect(output).toContain('2 demo terminal(s) connect to');
    expect(output).toMatch(/demo-pos-002: connected as terminal \d+/);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/stopped: 2 connection\(s\), \d+ heartbeat\(s\), \d+ receipt\(s\) stored/);
    await expect.poll(connectedKeys).toEqual([]);
  }, 90_000);

  it('explains a bad command line and exits with 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/terminals/simulator.ts', '--count', 'many'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(errors).toContain("--count must be a whole number from 1 to 999, got 'many'.");
    expect(errors).toContain('Usage: npm run terminals');
  }, 30_000);
});
