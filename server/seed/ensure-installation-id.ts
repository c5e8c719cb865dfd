import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/** A stable id of this installation, made on first start; shows that data survives restarts. */
export async function ensureInstallationId(db: Database): Promise<string> {
  await db.query(`insert into mate_setting (key, value) values ('installation', $1) on conflict (key) do nothing`, [
    JSON.stringify({ id: randomUUID(), createdAt: new Date().toISOString() }),
  ]);
  const row = await db.query<{ value: { id: string } }>(`select value from mate_setting where key = 'installation'`);
  const id = row.rows[0]?.value.id;
  if (!id) throw new Error('installation id missing after insert');
  return id;
}
