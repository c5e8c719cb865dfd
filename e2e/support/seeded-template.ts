import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { e2eDatabasePrefix, e2eRunRoot, freshStorage, startMate, type MateStorage } from './mate-server';

// A first start is slow: the demo seed (20,000 articles, two weeks of documents) takes 15-20 s on a 2-core machine,
// and PGlite's initdb of a new folder several more. A Playwright run makes each template once, by starting the real
// server on template storage, and every spec server whose env seeds alike starts on a copy of it: a copied PGlite
// folder, or a PostgreSQL database created from the template.

/**
 * The templates: the demo data as startMate seeds it by default, and an empty product (MATE_DEMO_DATA=false), whose
 * first start on PGlite still costs an initdb of several seconds.
 */
const TEMPLATES = {
  demo: { MATE_DEMO_DATA: 'true', MATE_DEMO_DOCUMENT_DAYS: '14' },
  empty: { MATE_DEMO_DATA: 'false' },
} as const satisfies Record<string, Record<string, string>>;
export type TemplateName = keyof typeof TEMPLATES;
/** Keys that change what the first start writes (besides the administrator's password, which a copy gets set). */
const SEED_KEYS = ['MATE_DEMO_DATA', 'MATE_DEMO_DOCUMENT_DAYS', 'MATE_METADATA_DIR', 'MATE_DATA_DIR', 'DATABASE_URL'];
const WAIT_MS = 300_000;

interface TemplateReady {
  dataDir: string;
  database?: string;
  /** When the template's first start was done (ms). */
  seededAt: number;
}

/** The template whose first start writes what a server started with `env` would (so a copy will do), if any. */
export function templateFor(env: Record<string, string>): TemplateName | undefined {
  const demo = (env.MATE_DEMO_DATA ?? 'true') === 'true' ? 'demo' : env.MATE_DEMO_DATA === 'false' ? 'empty' : undefined;
  if (!demo) return undefined;
  const seeds: Record<string, string> = TEMPLATES[demo];
  return SEED_KEYS.every((key) => key === 'MATE_DEMO_DATA' || !(key in env) || env[key] === seeds[key]) ? demo : undefined;
}

/** Seeds the template: the real server's first start (migrations, catalogue tables, demo data), then a clean stop. */
async function seedTemplate(name: TemplateName): Promise<TemplateReady> {
  const begun = Date.now();
  const storage = await freshStorage();
  // Jobs stay off: the template holds what a first start writes, not what a job did afterwards.
  const server = await startMate(storage, { ...TEMPLATES[name], MATE_ADMIN_PASSWORD: randomBytes(12).toString('base64url'), MATE_RUN_JOBS: 'false' });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output()}`);
  if (process.env.MATE_E2E_TIMING) console.log(`e2e timing: made the ${name} template in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  return { dataDir: storage.dataDir, database: storage.databaseUrl ? new URL(storage.databaseUrl).pathname.slice(1) : undefined, seededAt: Date.now() };
}

/**
 * The run's seeded template, made by the first worker that asks (a lock folder shared by the workers); the others
 * wait for its ready file. Made lazily, so a run of specs that need no seed does not pay for it.
 */
async function template(name: TemplateName): Promise<TemplateReady> {
  const root = e2eRunRoot();
  const ready = `${root}/template-${name}.json`;
  const failed = `${root}/template-${name}.failed`;
  mkdirSync(root, { recursive: true });
  let mine = false;
  try {
    mkdirSync(`${root}/template-${name}.lock`);
    mine = true;
  } catch {
    // another worker is seeding it, or has done so
  }
  if (mine) {
    try {
      const made = await seedTemplate(name);
      // Written whole, then renamed: a waiting worker never reads half a file.
      writeFileSync(`${ready}.part`, JSON.stringify(made));
      renameSync(`${ready}.part`, ready);
      return made;
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as TemplateReady;
    if (existsSync(failed)) throw new Error(`the seeded template could not be made: ${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no seeded template appeared in ${root} within ${WAIT_MS / 1000} s`);
}

/** CREATE DATABASE ... TEMPLATE, retried while the template's last connections are still closing. */
async function cloneDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${to}" template "${from}"`);
        return;
      } catch (error) {
        // 55006: the source database is being accessed by other users (a backend of the seeding server ending).
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await client.end();
  }
}

/** A plain query on a copied database, PGlite or PostgreSQL (e2e/ imports no app code, so not its Database). */
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; affected: number }>;

async function withDatabase(storage: MateStorage, work: (query: Query) => Promise<void>): Promise<void> {
  if (storage.databaseUrl) {
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    try {
      await work(async (sql, params) => {
        const result = await client.query(sql, params);
        return { rows: result.rows as Record<string, unknown>[], affected: result.rowCount ?? 0 };
      });
    } finally {
      await client.end();
    }
    return;
  }
  const lite = new PGlite(storage.dataDir);
  await lite.waitReady;
  try {
    await work(async (sql, params) => {
      const result = await lite.query<Record<string, unknown>>(sql, params);
      return { rows: result.rows, affected: result.affectedRows ?? 0 };
    });
  } finally {
    await lite.close();
  }
}

/**
 * What makes a copy the spec's own: the administrator's password from its env (the template's is random, like a
 * generated one when the env has none), as an argon2id hash the way the product stores it (docs/auth.md); and the
 * job schedules' next runs moved on by the template's age, so they are as far ahead of this start as of a first one.
 */
async function personalise(storage: MateStorage, made: TemplateReady, adminPassword: string | undefined): Promise<void> {
  const passwordHash = await hash(adminPassword ?? randomBytes(15).toString('base64url'), { algorithm: 2 });
  await withDatabase(storage, async (query) => {
    const admin = await query(`update mate_user set password_hash = $1 where oid = (select "Oid" from e_identity_user where "UserName" = 'admin')`, [passwordHash]);
    if (admin.affected !== 1) throw new Error("the template has no user 'admin' to give the spec's password");
    await query(`update mate_job_schedule set next_run_at = next_run_at + make_interval(secs => $1)`, [(Date.now() - made.seededAt) / 1000]);
  });
}

/** Storage holding a copy of one of the run's templates, personalised for a server started with `env`. */
export async function templateStorage(name: TemplateName, env: Record<string, string> = {}): Promise<MateStorage> {
  const made = await template(name);
  const serverUrl = process.env.DATABASE_URL;
  const storage = await freshStorage({ createDatabase: false });
  cpSync(made.dataDir, storage.dataDir, { recursive: true });
  if (serverUrl && made.database) {
    const name = `${e2eDatabasePrefix()}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await cloneDatabase(serverUrl, made.database, name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    storage.databaseUrl = url.toString();
  }
  await personalise(storage, made, env.MATE_ADMIN_PASSWORD);
  return storage;
}
