import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api/api-error';
import type { DataApi, DetailPage } from './data-api';
import { loadDetailView } from './use-row-details';

const refusal = (status: number, message: string) => new ApiRequestError(status, { status, message }, undefined, undefined, 'GET', '/api/data/identity/user/1/details/x');
const page: DetailPage = { id: 'api-access', entity: 'identity/api-access', columns: ['Name'], items: [], skip: 0, take: 50, hasMore: false };

/** A data API whose detail views answer as given. */
function apiAnswering(answers: Record<string, DetailPage | Error>): DataApi {
  return {
    details: async (_oid: unknown, id: string) => {
      const answer = answers[id];
      if (answer instanceof Error) throw answer;
      return answer!;
    },
  } as unknown as DataApi;
}

describe('a detail view of a row', () => {
  const api = apiAnswering({ 'api-access': page, operators: refusal(403, 'No tenant is selected for this request.'), broken: refusal(500, 'boom') });

  it('is its page when the server answers it', async () => {
    expect(await loadDetailView(api, 1, 'api-access')).toEqual({ id: 'api-access', status: 'ready', page });
  });

  it('is not permitted, not an error, when the server refuses the user the related kind (403)', async () => {
    expect(await loadDetailView(api, 1, 'operators')).toEqual({ id: 'operators', status: 'not-permitted' });
  });

  it('keeps any other failure as its own, so the record and the other views still show', async () => {
    const result = await loadDetailView(api, 1, 'broken');
    expect(result).toMatchObject({ id: 'broken', status: 'faulted' });
    expect(result.status === 'faulted' && (result.error as Error).message).toBe('boom');
  });
});
