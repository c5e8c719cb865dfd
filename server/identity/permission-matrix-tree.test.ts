import { describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';
import { buildPermissionTree, checkboxChanges, permissionMatrixRows, subjectAllows, titleLanguages, type SubjectDecision } from './permission-matrix-tree';

const NAVIGATION: NavigationItem[] = [
  { path: '/data', title: { en: 'Master data', de: 'Stammdaten' }, children: [{ path: '/data/pos-supply/article', title: { en: 'Articles', de: 'Artikel' } }] },
  {
    path: '/admin',
    title: { en: 'Administration' },
    children: [
      { path: '/admin/permissions', title: { en: 'Permissions', de: 'Berechtigungen' } },
      { path: '/internal/test-mode', title: { en: 'Test mode' } },
    ],
  },
];

describe('titleLanguages', () => {
  it('tries the first language, its primary tag, then English', () => {
    expect(titleLanguages('de-CH,de;q=0.9,en;q=0.5')).toEqual(['de-CH', 'de', 'en']);
    expect(titleLanguages(undefined)).toEqual(['en']);
  });
});

describe('buildPermissionTree', () => {
  it('has / first and parents by path, depth-first in navigation order, titles in the language with English fallback', () => {
    const tree = buildPermissionTree(NAVIGATION, ['de', 'en'], ['/data/pos-supply/article', '/reports/x']);
    expect(tree).toEqual([
      { p: '/', pp: null, text: '/' },
      { p: '/data', pp: '/', text: 'Stammdaten' },
      { p: '/data/pos-supply/article', pp: '/data', text: 'Artikel' },
      { p: '/admin', pp: '/', text: 'Administration' },
      { p: '/admin/permissions', pp: '/admin', text: 'Berechtigungen' },
      // In the Administration menu, but permissions inherit along the path: its parent is '/'.
      { p: '/internal/test-mode', pp: '/', text: 'Test mode' },
      { p: '/reports/x', pp: '/', text: '/reports/x' },
    ]);
  });

  it('fills Global and tenant columns from the decisions, null where nothing is stored', () => {
    const tree = buildPermissionTree(NAVIGATION, ['en']);
    const decisions: SubjectDecision[] = [
      { path: '/data', tenantOid: null, allowed: true },
      { path: '/data', tenantOid: 7, allowed: false },
    ];
    const rows = permissionMatrixRows(tree, decisions, [7, 8]);
    expect(rows.find((row) => row.p === '/data')).toMatchObject({ e: true, tenants: { '7': false, '8': null } });
    expect(rows.find((row) => row.p === '/admin')).toMatchObject({ e: null, tenants: { '7': null, '8': null } });
  });
});

describe('subjectAllows', () => {
  const decisions: SubjectDecision[] = [
    { path: '/', tenantOid: null, allowed: true },
    { path: '/data', tenantOid: 7, allowed: false },
  ];
  it('takes the nearest path, and there the tenant before Global', () => {
    expect(subjectAllows(decisions, '/data/x', null)).toBe(true);
    expect(subjectAllows(decisions, '/data/x', 7)).toBe(false);
    expect(subjectAllows(decisions, '/data/x', 8)).toBe(true);
    expect(subjectAllows([], '/data', null)).toBe(false);
  });
});

describe('checkboxChanges', () => {
  it('stores only what differs from what a path inherits, parents first', () => {
    const changes = checkboxChanges([], new Map([['/data/x', true], ['/data', true], ['/admin', false]]), null);
    expect(changes).toEqual([{ path: '/data', allowed: true }]);
  });

  it('removes a decision that the wish makes redundant and denies under an allowed parent', () => {
    const decisions: SubjectDecision[] = [
      { path: '/data', tenantOid: null, allowed: true },
      { path: '/data/x', tenantOid: null, allowed: true },
    ];
    expect(checkboxChanges(decisions, new Map([['/data', true], ['/data/x', true], ['/data/y', false]]), null)).toEqual([
      { path: '/data/x', allowed: null },
      { path: '/data/y', allowed: false },
    ]);
  });

  it('measures a tenant column against the Global decisions of the same path', () => {
    const decisions: SubjectDecision[] = [{ path: '/data', tenantOid: null, allowed: true }];
    expect(checkboxChanges(decisions, new Map([['/data', false]]), 7)).toEqual([{ path: '/data', allowed: false }]);
    expect(checkboxChanges(decisions, new Map([['/data', true]]), 7)).toEqual([]);
  });
});
