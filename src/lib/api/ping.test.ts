import { describe, expect, it } from 'vitest';
import { outcomeOfPingStatus } from './ping';

describe('outcomeOfPingStatus', () => {
  it.each([
    [200, 'ready'],
    [521, 'ready'],
    [500, 'unavailable'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [404, 'unavailable'],
  ])('%i -> %s', (status, outcome) => {
    expect(outcomeOfPingStatus(status)).toBe(outcome);
  });
});
