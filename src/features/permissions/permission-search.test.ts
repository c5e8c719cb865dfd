import { describe, expect, it } from 'vitest';
import { filterPermissionRows, matchesPermissionSearch, parsePermissionSearch } from './permission-search';
import type { PermissionTreeEntry } from './permission-types';

const rows: PermissionTreeEntry[] = [
  { p: '/data', pp: null, text: 'Master data', e: null },
  { p: '/data/article', pp: '/data', text: 'Articles', e: null },
  { p: '/data/customer', pp: '/data', text: 'Customers', e: null },
  { p: '/reports', pp: null, text: 'Reports', e: null },
  { p: '/reports/article-sales', pp: '/reports', text: 'Sales per article', e: null },
];
const paths = (text: string) => filterPermissionRows(rows, text).map((row) => row.p);

describe('permission search', () => {
  it('parses plain, + and - terms, lower-cased', () => {
    expect(parsePermissionSearch('  Article +DATA -cust + - ')).toEqual({ required: ['data'], excluded: ['cust'], optional: ['article'] });
  });

  it('shows everything for an empty search', () => {
    expect(paths('   ')).toHaveLength(rows.length);
  });

  it('matches text or path case-insensitively, keeping ancestors', () => {
    expect(paths('ARTICLE')).toEqual(['/data', '/data/article', '/reports', '/reports/article-sales']);
  });

  it('needs every + term and refuses every - term', () => {
    expect(paths('article +reports')).toEqual(['/reports', '/reports/article-sales']);
    expect(paths('article -sales')).toEqual(['/data', '/data/article']);
    expect(paths('+data -article')).toEqual(['/data', '/data/customer']);
  });

  it('matches any of several plain terms', () => {
    expect(matchesPermissionSearch(rows[2]!, parsePermissionSearch('zzz customers'))).toBe(true);
    expect(matchesPermissionSearch(rows[2]!, parsePermissionSearch('zzz yyy'))).toBe(false);
  });
});
