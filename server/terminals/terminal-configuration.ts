import type { Database, Queryable } from '../db/database';
import { quoteIdent as q } from '../data/sql-names';
import { terminalPosSettings } from '../pos-settings/terminal-settings';
import { terminalPosLayouts } from '../quick-access/terminal-layouts';
import { logTerminalEvent } from './terminal-state';

/**
 * Pushing a terminal's configuration to it (docs/terminals.md "Configuration"). A push is a row of
 * `mate_terminal_configuration_push` holding the configuration as it was read; its id goes to every instance over
 * `NOTIFY mate_terminal_commands` (ids only: a configuration could exceed the 8000-byte payload limit), and the
 * instance that holds the terminal's socket sends it and marks it delivered. So a job on instance A reaches a
 * terminal connected to instance B.
 */
export const TERMINAL_COMMAND_CHANNEL = 'mate_terminal_commands';

/** The NOTIFY payload: which push, for which terminal (the instance holding the terminal reads the row). */
export interface ConfigurationPushCommand {
  pushOid: number;
  terminalOid: number;
}

/** The columns of the POS terminal record that make its configuration (the rest is identity or state). */
const CONFIGURATION_COLUMNS = ['TerminalNumber', 'Name', 'LocationOid', 'TerminalType', 'ReceiptPrinter', 'CashDrawerCount', 'HasCustomerDisplay', 'IsFiscalized', 'FiscalModuleSerial', 'FiscalClientId'] as const;

export interface ConfigurationTables {
  posTable: string;
  tenantTable: string | undefined;
}

/** One terminal a push was queued for. */
export interface QueuedPush {
  pushOid: number;
  terminalOid: number;
  terminalNumber: number;
}

/**
 * Queues a push of the current configuration to every connected, enabled terminal of the tenant and tells every
 * instance; answers the pushes. The configuration is the terminal record's settings, its tenant's currency and
 * when it was read (`issuedAt`), so a terminal can tell a newer one from an older one, and its effective POS settings
 * (`posSettings`, docs/settings.md). `onlyTerminals` narrows it to some terminals (a settings change at a location
 * or a terminal reaches only those below it).
 */
export async function queueConfigurationPushes(db: Database, tables: ConfigurationTables, tenantOid: number, jobOid: number | null, now: number, onlyTerminals?: readonly number[]): Promise<QueuedPush[]> {
  const tenant = tables.tenantTable
    ? (await db.query<{ CurrencyCode: string | null; CountryCode: string | null }>(`select "CurrencyCode", "CountryCode" from ${q(tables.tenantTable)} where "Oid" = $1`, [tenantOid])).rows[0]
    : undefined;
  const currency = tenant?.CurrencyCode ?? null;
  const columns = CONFIGURATION_COLUMNS.map((column) => `t.${q(column)}`).join(', ');
  const terminals = await db.query<Record<string, unknown> & { Oid: string | number }>(
    `select t."Oid", ${columns} from ${q(tables.posTable)} t join mate_terminal_connection c on c.terminal_oid = t."Oid" and c.connected
      where t."TenantOid" = $1 and not coalesce(t."Disabled", false) and ($2::bigint[] is null or t."Oid" = any($2::bigint[])) order by t."TerminalNumber", t."Oid"`,
    [tenantOid, onlyTerminals ? [...onlyTerminals] : null],
  );
  const issuedAt = new Date(now).toISOString();
  const pushes: QueuedPush[] = [];
  for (const terminal of terminals.rows) {
    const settings: Record<string, unknown> = {};
    for (const column of CONFIGURATION_COLUMNS) settings[column.charAt(0).toLowerCase() + column.slice(1)] = terminal[column] ?? null;
    const place = { terminalOid: Number(terminal.Oid), locationOid: terminal.LocationOid === null || terminal.LocationOid === undefined ? null : Number(terminal.LocationOid), tenantOid, country: tenant?.CountryCode ?? null };
    const posSettings = await terminalPosSettings(db, place);
    // The button layouts of the POS screen (docs/pos-layouts.md), by the same chain of scopes.
    const posLayouts = await terminalPosLayouts(db, place);
    const configuration = { ...settings, currency, issuedAt, posSettings, posLayouts };
    const inserted = await db.query<{ oid: string | number }>(
      'insert into mate_terminal_configuration_push (job_oid, terminal_oid, tenant_oid, configuration) values ($1, $2, $3, $4::jsonb) returning oid',
      [jobOid, terminal.Oid, tenantOid, JSON.stringify(configuration)],
    );
    pushes.push({ pushOid: Number(inserted.rows[0]!.oid), terminalOid: Number(terminal.Oid), terminalNumber: Number(terminal.TerminalNumber) });
  }
  for (const push of pushes) await db.notify(TERMINAL_COMMAND_CHANNEL, JSON.stringify({ pushOid: push.pushOid, terminalOid: push.terminalOid } satisfies ConfigurationPushCommand));
  return pushes;
}

/** The pushes of the list already delivered. */
export async function deliveredPushes(db: Queryable, pushOids: readonly number[]): Promise<Set<number>> {
  if (pushOids.length === 0) return new Set();
  const rows = await db.query<{ oid: string | number }>('select oid from mate_terminal_configuration_push where oid = any($1::bigint[]) and delivered_at is not null', [pushOids]);
  return new Set(rows.rows.map((row) => Number(row.oid)));
}

/** A push that did not reach its terminal is logged as such, so the terminal's log tells what it missed. */
export async function logMissedPush(db: Queryable, push: QueuedPush & { tenantOid: number; jobOid: number | null }, reason: string): Promise<void> {
  await logTerminalEvent(db, { terminalOid: push.terminalOid, tenantOid: push.tenantOid }, 'configuration', { pushOid: push.pushOid, jobOid: push.jobOid, delivered: false, reason });
}

export function parsePushCommand(payload: string): ConfigurationPushCommand | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ConfigurationPushCommand> | null;
    if (value && Number.isSafeInteger(value.pushOid) && Number.isSafeInteger(value.terminalOid)) return { pushOid: value.pushOid!, terminalOid: value.terminalOid! };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

/**
 * Sends a push to a terminal held by this instance: reads it, hands it to `send` (false: the socket is gone), then
 * marks it delivered and logs it. A push already delivered (a repeated notification) is not sent again.
 */
export async function deliverPush(db: Database, pushOid: number, instanceId: string, send: (message: Record<string, unknown>) => boolean): Promise<boolean> {
  const found = await db.query<{ terminal_oid: string | number; tenant_oid: string | number; job_oid: string | number | null; configuration: unknown }>(
    'select terminal_oid, tenant_oid, job_oid, configuration from mate_terminal_configuration_push where oid = $1 and delivered_at is null',
    [pushOid],
  );
  const push = found.rows[0];
  if (!push) return false;
  const configuration = typeof push.configuration === 'string' ? (JSON.parse(push.configuration) as unknown) : push.configuration;
  if (!send({ type: 'configuration', pushId: pushOid, configuration })) return false;
  const marked = await db.query('update mate_terminal_configuration_push set delivered_at = now(), delivered_by = $2 where oid = $1 and delivered_at is null', [pushOid, instanceId]);
  if (marked.rowCount > 0) {
    const jobOid = push.job_oid === null ? null : Number(push.job_oid);
    await logTerminalEvent(db, { terminalOid: Number(push.terminal_oid), tenantOid: Number(push.tenant_oid) }, 'configuration', { pushOid, jobOid, delivered: true, instanceId });
  }
  return true;
}
