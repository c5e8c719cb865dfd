import path from 'node:path';

/** Typed configuration read from the environment once at start. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  metadataDir: string | undefined;
  staticDir: string;
  tokenLifetimeMinutes: number;
  allowedOrigins: string[];
  /** Whether X-Forwarded-* headers are believed (set only behind a reverse proxy). */
  trustProxy: boolean;
  /** Fill an empty database with demo data on start; default: on for the embedded database only. */
  demoData: boolean;
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

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got '${env[name]}'`);
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
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    databaseUrl,
    dataDir: path.resolve(cwd, env.MATE_DATA_DIR?.trim() || 'data'),
    adminPassword,
    logLevel,
    metadataDir: env.MATE_METADATA_DIR?.trim() ? path.resolve(cwd, env.MATE_METADATA_DIR.trim()) : undefined,
    staticDir: path.resolve(cwd, env.MATE_STATIC_DIR?.trim() || 'dist'),
    tokenLifetimeMinutes: integer(env, 'MATE_TOKEN_LIFETIME_MINUTES', 60, 1, 7 * 24 * 60),
    allowedOrigins: origins,
    trustProxy: boolean(env, 'MATE_TRUST_PROXY', false),
    demoData: boolean(env, 'MATE_DEMO_DATA', databaseUrl === undefined),
  };
}
