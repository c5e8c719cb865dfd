import { describe, expect, it } from 'vitest';
import { parseApiError } from './api-error';

const base = { method: 'GET', url: '/api/x' };

describe('parseApiError', () => {
  it('reads the sign-in code from brackets in the status text', () => {
    const error = parseApiError({ ...base, status: 401, statusText: 'Unauthorized [40103]', body: { status: 401, message: 'Locked out' } });
    expect(error.code).toBe('40103');
    expect(error.message).toBe('Locked out');
  });

  it('reads the sign-in code from error_code with error_description as the message', () => {
    const error = parseApiError({ ...base, status: 401, statusText: 'Unauthorized', body: { error_code: '40104', error_description: 'Disabled' } });
    expect(error.code).toBe('40104');
    expect(error.message).toBe('Disabled');
  });

  it('keeps field errors, inner exception and the error id', () => {
    const error = parseApiError({
      ...base,
      status: 500,
      statusText: 'Internal Server Error',
      body: { status: 500, message: 'Boom', innerException: { message: 'deep' }, errors: { Name: ['required'] } },
      errorId: 'abc',
    });
    expect(error.body.innerException?.message).toBe('deep');
    expect(error.body.errors).toEqual({ Name: ['required'] });
    expect(error.errorId).toBe('abc');
  });

  it('names the status when the body is not our shape', () => {
    const error = parseApiError({ ...base, status: 502, statusText: 'Bad Gateway', body: '<html>proxy error</html>' });
    expect(error.message).toBe('502 Bad Gateway');
    expect(error.code).toBeUndefined();
  });
});
