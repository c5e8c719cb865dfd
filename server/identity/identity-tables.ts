import { entityTableName, quoteIdent } from '../data/sql-names';

/**
 * The catalogue tables identity reads and writes (quoted for SQL). They are the single source of truth for the user,
 * role and API key records; identity's own tables keep only what must stay private (credentials, token version,
 * lock-out, one-time tokens, memberships, decisions). They exist only after syncEntityTables ran.
 */
export const IDENTITY_TABLES = {
  user: quoteIdent(entityTableName('identity', 'user')),
  role: quoteIdent(entityTableName('identity', 'role')),
  apiAccess: quoteIdent(entityTableName('identity', 'api-access')),
} as const;

/** The catalogue kinds of those tables, as data events name them. */
export const IDENTITY_KINDS = { user: 'identity/user', role: 'identity/role', apiAccess: 'identity/api-access' } as const;

/** Who identity's own writes to catalogue rows are recorded as (created_by / modified_by). */
export const IDENTITY_WRITER = 'identity';
