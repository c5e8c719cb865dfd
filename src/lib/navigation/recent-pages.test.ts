import { describe, expect, it } from 'vitest';
import { readRecentPages, recordVisit } from './recent-pages';

describe('recent pages', () => {
  it('keeps the last 5 distinct paths, newest first', () => {
    let recent: string[] = [];
    for (const path of ['/a', '/b', '/c', '/a', '/d', '/e', '/f']) recent = recordVisit(recent, path);
    expect(recent).toEqual(['/f', '/e', '/d', '/a', '/c']);
  });
  it('skips the root path and redirected routes', () => {
    expect(recordVisit(['/a'], '/')).toEqual(['/a']);
    expect(recordVisit(['/a'], '/forbidden', { redirected: true })).toEqual(['/a']);
  });
  it('reads only lists of strings', () => {
    expect(readRecentPages(['/a', 3, '/b'])).toEqual(['/a', '/b']);
    expect(readRecentPages({})).toEqual([]);
  });
});
