import { describe, expect, it } from 'vitest';
import { asUnavailable, DatabaseUnavailableError, isConnectionFailure } from './database-unavailable';

/** An error as pg or Node raises it: a message and, often, a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('telling a lost database from a failing statement', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', failure('read ECONNRESET', 'ECONNRESET')],
    ['a shutdown by the administrator', failure('terminating connection due to administrator command', '57P01')],
    ['a server that is starting up', failure('the database system is starting up', '57P03')],
    ['a connection exception', failure('connection failure', '08006')],
    ['a connection ended under a query', failure('Connection terminated unexpectedly')],
    ["the pool's connect timeout", failure('timeout exceeded when trying to connect')],
    ["pg's own connect timeout", failure('timeout expired')],
    ['a client that lost its connection earlier', failure('Client has encountered a connection error and is not queryable')],
    ['every address refused', new AggregateError([failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('%s is the database being away', (_, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(asUnavailable(error)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it.each([
    ['a unique violation', failure('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', failure('syntax error at or near "selec"', '42601')],
    ['too many clients', failure('sorry, too many clients already', '53300')],
    ['a bug in the server', new TypeError('Cannot read properties of undefined')],
  ])('%s is a fault, passed on as it is', (_, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(asUnavailable(error)).toBe(error);
  });

  it('says in its message that the database is not reachable, and keeps the cause', () => {
    const cause = failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    const error = asUnavailable(cause) as DatabaseUnavailableError;
    expect(error.message).toBe('The database is not reachable: connect ECONNREFUSED 127.0.0.1:5432');
    expect(error.cause).toBe(cause);
    expect(asUnavailable(error)).toBe(error);
  });
});
