/**
 * The database cannot be reached right now (restart, failover, network): the request may succeed when tried
 * again, so it is answered with 503, not stored as a server fault.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is not reachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket errors of Node, and PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator
// intervention: shutdown, crash, cannot connect now).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// 'timeout expired' is pg's own connect timeout, which can fire before the pool's on a busy machine.
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Connection ended|not queryable/i;

/** Whether an error of the driver means the connection, not the statement, failed. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return LOST_CONNECTION.test(error.message);
}

/** Rethrows a connection failure as DatabaseUnavailableError, anything else as it is. */
export function asUnavailable(error: unknown): unknown {
  return isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}
