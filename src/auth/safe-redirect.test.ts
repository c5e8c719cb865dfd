import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './safe-redirect';

describe('login redirect', () => {
  it('round-trips the path and query', () => {
    const url = new URL(loginUrl('/auth/login', '/data/articles?skip=50&q=a b'), 'http://x');
    expect(url.pathname).toBe('/auth/login');
    expect(safeRedirect(url.searchParams.get('redirect'))).toBe('/data/articles?skip=50&q=a b');
  });

  it('refuses targets outside the site', () => {
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
