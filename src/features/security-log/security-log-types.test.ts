import { describe, expect, it } from 'vitest';
import { securityLogQuery } from './security-log-types';

describe('securityLogQuery', () => {
  it('sends only the filters that are set, times as ISO instants', () => {
    expect(securityLogQuery({ username: ' ', kind: '', from: '', to: '' }, 0, 100)).toEqual({ skip: 0, take: 100 });
    const query = securityLogQuery({ username: ' alice ', kind: 'sign-in', from: '2026-01-02T03:04', to: 'nonsense' }, 100, 100);
    expect(query).toMatchObject({ skip: 100, take: 100, username: 'alice', kind: 'sign-in', from: new Date('2026-01-02T03:04').toISOString() });
    expect(query).not.toHaveProperty('to');
    // What the boxes hand on: instants, sent as they are.
    expect(securityLogQuery({ username: '', kind: '', from: '2020-12-31T22:59:00.000Z', to: '' }, 0, 100)).toEqual({ skip: 0, take: 100, from: '2020-12-31T22:59:00.000Z' });
  });
});
