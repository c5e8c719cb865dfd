import { describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../../schemas/entity-document';
import { findNavigationItem, isActivePath, localizedText, resolvePageTitle } from './navigation-lookup';

const nav: NavigationItem[] = [
  { path: '/', title: { en: 'Dashboard' }, icon: 'layout-dashboard' },
  { path: '/data', title: { en: 'Data' }, children: [{ path: '/data/g', title: { en: 'Group' }, children: [{ path: '/data/g/t', title: { en: 'Tenants', de: 'Mandanten' }, icon: 'building', component: 'data-grid' }] }] },
];

describe('navigation lookup', () => {
  it('finds nested items', () => {
    expect(findNavigationItem(nav, '/data/g/t')?.icon).toBe('building');
    expect(findNavigationItem(nav, '/nope')).toBeUndefined();
  });
  it('marks a link active for its own path or a descendant path', () => {
    expect(isActivePath(nav[1]!, '/data/g/t')).toBe(true);
    expect(isActivePath(nav[1]!, '/data')).toBe(true);
    expect(isActivePath(nav[0]!, '/data/g/t')).toBe(false);
  });
  it('picks the chosen language, else English', () => {
    expect(localizedText({ en: 'Tenants', de: 'Mandanten' }, 'de')).toBe('Mandanten');
    expect(localizedText({ en: 'Tenants' }, 'ja')).toBe('Tenants');
  });
  it('resolves the title from the responsible item, the meta, then the path', () => {
    expect(resolvePageTitle('/data/g/t', nav, 'de')).toEqual({ isRoot: false, title: 'Mandanten', icon: 'building' });
    expect(resolvePageTitle('/data/g/t/42', nav, 'en', { responsiblePath: '/data/g/t' }).title).toBe('Tenants');
    expect(resolvePageTitle('/data/g/t/42', nav, 'en').title).toBe('Tenants');
    expect(resolvePageTitle('/forbidden', nav, 'en', { title: 'Forbidden', icon: 'ban' })).toEqual({ isRoot: false, title: 'Forbidden', icon: 'ban' });
    expect(resolvePageTitle('/x/y', nav, 'en')).toEqual({ isRoot: false, title: '/x/y' });
    expect(resolvePageTitle('/', nav, 'en').isRoot).toBe(true);
  });
});
