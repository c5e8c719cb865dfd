import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts } from './plugins/request-timeouts';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../schemas/image-upload';
import { parseSmtpUrl } from './identity/smtp-url';
import { OidcConfigError, oidcConfigFromEnv, type OidcConfig } from './identity/oidc-config';

/** Typed configuration read from the environment once at start. */

/** Days the audit trail keeps a change by default (MATE_AUDIT_RETENTION_DAYS; docs/audit.md). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;

/** Days of terminal documents the demo data gets by default (MATE_DEMO_DOCUMENT_DAYS; docs/demo-data.md). */
export const DEFAULT_DEMO_DOCUMENT_DAYS = 120;
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The only folder the import jobs read files from (MATE_IMPORT_DIR, default `<dataDir>/imports`; docs/jobs.md). */
  importDir: string;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  metadataDir: string | undefined;
  staticDir: string;
  /** Access token lifetime: MATE_TOKEN_LIFETIME_SECONDS when set (tests), else MATE_TOKEN_LIFETIME_MINUTES x 60. */
  tokenLifetimeSeconds: number;
  allowedOrigins: string[];
  /** Origins allowed to show the embedded layout `/e` in a frame, besides our own (CSP frame-ancestors). */
  frameAncestors: string[];
  /**
   * Which X-Forwarded-* hops are believed (Fastify's trustProxy): false (none), the addresses or CIDR ranges of
   * the proxies in front of Mate (the client address is then the last hop that is not one of them), or true (every
   * hop: only when the proxy drops the client's own X-Forwarded-For, else a client picks its address and dodges
   * the per-address throttles).
   */
  trustProxy: boolean | string[];
  /** Fill an empty database with demo data on start; default: on for the embedded database only. */
  demoData: boolean;
  /** Days of terminal documents the demo data gets, up to yesterday (MATE_DEMO_DOCUMENT_DAYS, default 120; 0 for none). */
  demoDocumentDays?: number;
  /**
   * Whether this instance runs bridge jobs (MATE_RUN_JOBS, default true). An instance with false still serves the
   * bridge, queues and cancels jobs, and leaves running them to the others (its bridge shows OFF).
   */
  runJobs?: boolean;
  /**
   * How long a running job stays with an instance that stopped renewing it before another instance takes it over
   * (MATE_JOB_LEASE_SECONDS, default 30; docs/jobs.md "Take-over"). The heartbeat and the look for due jobs follow it.
   */
  jobLeaseSeconds?: number;
  /** How long a client may take to send a request (MATE_*_TIMEOUT_SECONDS); default DEFAULT_REQUEST_TIMEOUTS. */
  timeouts?: RequestTimeouts;
  /** How many recent log lines each instance keeps for the log page (MATE_SERVER_LOG_SIZE); default 2,000. */
  serverLogSize?: number;
  /** An external monitoring dashboard the monitoring page frames instead of its own figures (MATE_MONITORING_URL, http or https). */
  monitoringUrl?: string;
  /** A static bearer token a Prometheus scraper presents to GET /metrics (MATE_METRICS_TOKEN, at least 16 characters). */
  metricsToken?: string;
  /** The largest image the dropzone may upload, in bytes (MATE_UPLOAD_MAX_BYTES, default 5 MiB; docs/uploads.md). */
  uploadMaxBytes?: number;
  /** Sign-in through OpenID Connect providers (MATE_OIDC_*; docs/auth.md); checked here so a half-configured one stops the start. */
  oidc?: OidcConfig;
  /** Days the audit trail keeps a change (MATE_AUDIT_RETENTION_DAYS, default 180; 0 keeps every change; docs/audit.md). */
  auditRetentionDays?: number;
  /** Where the outbox is sent (MATE_SMTP_URL, smtp:// or smtps://; unset: mails only wait in the outbox; docs/auth.md). */
  smtpUrl?: string;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Configuration error: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number between ${min} and ${max}, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

/**
 * MATE_TOKEN_LIFETIME_SECONDS exists so a browser test can see a token expire within seconds. At least 15: the
 * browser treats a token as expired 5 s before its end, and a sign-in must still get to use its token.
 */
function tokenLifetimeSeconds(env: Env): number {
  const minutes = integer(env, 'MATE_TOKEN_LIFETIME_MINUTES', 60, 1, 7 * 24 * 60);
  return integer(env, 'MATE_TOKEN_LIFETIME_SECONDS', minutes * 60, 15, 7 * 24 * 60 * 60);
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got '${env[name]}'`);
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** MATE_TRUST_PROXY: true/false, or a comma-separated list of proxy addresses, CIDR ranges and proxy-addr's range names. */
function trustedProxies(env: Env): boolean | string[] {
  const raw = env.MATE_TRUST_PROXY?.trim() ?? '';
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.some((entry) => /[.:]/.test(entry) || PROXY_RANGE_NAMES.includes(entry))) return boolean(env, 'MATE_TRUST_PROXY', false);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0 || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      throw new ConfigError('MATE_TRUST_PROXY', `must be true, false or proxy addresses/CIDR ranges, got '${entry}'`);
    }
  }
  return entries;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', "must start with postgres:// or postgresql:// (leave it unset for the embedded database)");
  }
  const adminPassword = env.MATE_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('MATE_ADMIN_PASSWORD', 'must be at least 8 characters long');
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  const host = env.HOST?.trim() || '127.0.0.1';
  const origins = (env.MATE_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError('MATE_ALLOWED_ORIGINS', `has '${origin}', which is not an origin like https://host:port`);
  }
  const frameAncestors = (env.MATE_FRAME_ANCESTORS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of frameAncestors) {
    // Also the CSP form https://*.example.com; nothing that could end the directive (';', quotes, spaces).
    if (!/^https?:\/\/(\*\.)?[\w.-]+(:\d{1,5})?$/.test(origin)) {
      throw new ConfigError('MATE_FRAME_ANCESTORS', `has '${origin}', which is not an origin like https://host:port or https://*.host`);
    }
  }
  const monitoringUrl = env.MATE_MONITORING_URL?.trim() || undefined;
  if (monitoringUrl !== undefined && !isHttpUrl(monitoringUrl)) throw new ConfigError('MATE_MONITORING_URL', `is '${monitoringUrl}', which is not an http:// or https:// URL`);
  const metricsToken = env.MATE_METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) throw new ConfigError('MATE_METRICS_TOKEN', 'must be at least 16 characters long');
  const smtpUrl = env.MATE_SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined) {
    try {
      parseSmtpUrl(smtpUrl);
    } catch (error) {
      throw new ConfigError('MATE_SMTP_URL', (error as Error).message.replace(/^MATE_SMTP_URL /, ''));
    }
  }
  let oidc: OidcConfig;
  try {
    oidc = oidcConfigFromEnv(env);
  } catch (error) {
    if (error instanceof OidcConfigError) throw new ConfigError(error.variable, error.reason);
    throw error;
  }
  return {
    oidc,
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    databaseUrl,
    dataDir: path.resolve(cwd, env.MATE_DATA_DIR?.trim() || 'data'),
    importDir: path.resolve(cwd, env.MATE_IMPORT_DIR?.trim() || path.join(env.MATE_DATA_DIR?.trim() || 'data', 'imports')),
    adminPassword,
    logLevel,
    metadataDir: env.MATE_METADATA_DIR?.trim() ? path.resolve(cwd, env.MATE_METADATA_DIR.trim()) : undefined,
    staticDir: path.resolve(cwd, env.MATE_STATIC_DIR?.trim() || 'dist'),
    tokenLifetimeSeconds: tokenLifetimeSeconds(env),
    allowedOrigins: origins,
    frameAncestors,
    trustProxy: trustedProxies(env),
    demoData: boolean(env, 'MATE_DEMO_DATA', databaseUrl === undefined),
    demoDocumentDays: integer(env, 'MATE_DEMO_DOCUMENT_DAYS', DEFAULT_DEMO_DOCUMENT_DAYS, 0, 730),
    serverLogSize: integer(env, 'MATE_SERVER_LOG_SIZE', 2_000, 100, 100_000),
    runJobs: boolean(env, 'MATE_RUN_JOBS', true),
    jobLeaseSeconds: integer(env, 'MATE_JOB_LEASE_SECONDS', 30, 3, 3600),
    monitoringUrl,
    metricsToken,
    uploadMaxBytes: integer(env, 'MATE_UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES, 1024, 100 * 1024 * 1024),
    auditRetentionDays: integer(env, 'MATE_AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 0, 36_500),
    smtpUrl,
    timeouts: {
      requestTimeoutMs: integer(env, 'MATE_REQUEST_TIMEOUT_SECONDS', DEFAULT_REQUEST_TIMEOUTS.requestTimeoutMs / 1000, 1, 3600) * 1000,
      headersTimeoutMs: integer(env, 'MATE_HEADERS_TIMEOUT_SECONDS', DEFAULT_REQUEST_TIMEOUTS.headersTimeoutMs / 1000, 1, 3600) * 1000,
      idleTimeoutMs: integer(env, 'MATE_IDLE_TIMEOUT_SECONDS', DEFAULT_REQUEST_TIMEOUTS.idleTimeoutMs / 1000, 0, 3600) * 1000,
    },
  };
}

/** An absolute http(s) URL without credentials or characters that could end a CSP directive. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !/[\s;,'"]/.test(text);
  } catch {
    return false;
  }
}
