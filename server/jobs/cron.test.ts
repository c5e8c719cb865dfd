import { describe, expect, it } from 'vitest';
import { CronSyntaxError, parseCron } from './cron';

const at = (iso: string) => Date.parse(iso);
const next = (source: string, after: string) => new Date(parseCron(source).next(at(after))).toISOString();

describe('cron schedules', () => {
  it('finds the next matching minute, strictly after the given instant', () => {
    expect(next('* * * * *', '2025-01-14T08:40:00Z')).toBe('2025-01-14T08:41:00.000Z');
    expect(next('30 2 * * *', '2025-01-14T08:40:00Z')).toBe('2025-01-15T02:30:00.000Z');
    expect(next('30 2 * * *', '2025-01-14T02:29:59Z')).toBe('2025-01-14T02:30:00.000Z');
    expect(next('*/15 * * * *', '2025-01-14T08:40:00Z')).toBe('2025-01-14T08:45:00.000Z');
    expect(next('0 0 1 * *', '2025-12-31T23:59:00Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(next('0 9-17/4 * * *', '2025-01-14T13:00:00Z')).toBe('2025-01-14T17:00:00.000Z');
  });

  it('treats day of week 7 as Sunday and matches either day field when both are restricted', () => {
    // 2025-01-14 is a Tuesday.
    expect(next('0 0 * * 7', '2025-01-14T00:00:00Z')).toBe('2025-01-19T00:00:00.000Z');
    expect(next('0 0 20 * 0', '2025-01-14T00:00:00Z')).toBe('2025-01-19T00:00:00.000Z');
    expect(next('0 0 29 2 *', '2025-01-14T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('refuses malformed or never-firing schedules, naming the field', () => {
    expect(() => parseCron('* * *')).toThrow('five fields');
    expect(() => parseCron('61 * * * *')).toThrow("The minute field '61' must stay within 0-59.");
    expect(() => parseCron('* * * 0 *')).toThrow('month field');
    expect(() => parseCron('x * * * *')).toThrow(CronSyntaxError);
    expect(() => parseCron('*/0 * * * *')).toThrow('step below 1');
    expect(() => parseCron('0 0 31 2 *')).toThrow('never fires');
  });
});
