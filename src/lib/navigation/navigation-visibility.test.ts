import { describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../../schemas/entity-document';
import { itemVisibility, visibleNavigation, Visibility } from './navigation-visibility';

const title = (en: string) => ({ en });
const nav: NavigationItem[] = [
  { path: '/', title: title('Dashboard'), component: 'dashboard' },
  {
    path: '/data',
    title: title('Data'),
    children: [
      { path: '/data/a', title: title('A'), component: 'data-grid' },
      { path: '/data/b', title: title('B'), component: 'data-grid', state: true },
      { path: '/data/c', title: title('C'), component: 'data-grid', state: false },
    ],
  },
  { path: '/wip', title: title('WIP'), children: [{ path: '/wip/x', title: title('X'), state: true }] },
  { path: '/docs', title: title('Docs'), component: 'api-docs-scalar', ignorePermissions: true },
];
const allowAll = { '/': { Read: true }, '/data/a': { Read: true }, '/data/b': { Read: true }, '/data/c': { Read: true }, '/wip/x': { Read: true } };
const paths = (items: ReturnType<typeof visibleNavigation>): string[] => items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);

describe('navigation visibility', () => {
  it('follows the states in normal and test mode', () => {
    expect(itemVisibility(true, false)).toBe(Visibility.Hidden);
    expect(itemVisibility(false, false)).toBe(Visibility.Visible);
    expect(itemVisibility(undefined, false)).toBe(Visibility.Visible);
    expect(itemVisibility(true, true)).toBe(Visibility.InProgress);
    expect(itemVisibility(false, true)).toBe(Visibility.Testable);
    expect(itemVisibility(undefined, true)).toBe(Visibility.Visible);
  });

  it('hides items in progress in normal mode and a parent without visible children', () => {
    expect(paths(visibleNavigation(nav, { testMode: false, permissions: allowAll }))).toEqual(['/', '/data', '/data/a', '/data/c', '/docs']);
  });

  it('shows them in test mode with their state, a parent as visible as its best child', () => {
    const items = visibleNavigation(nav, { testMode: true, permissions: allowAll });
    expect(paths(items)).toEqual(['/', '/data', '/data/a', '/data/b', '/data/c', '/wip', '/wip/x', '/docs']);
    expect(items.find((i) => i.path === '/wip')?.visibility).toBe(Visibility.InProgress);
    expect(items.find((i) => i.path === '/data')?.visibility).toBe(Visibility.Visible);
  });

  it('drops links without a permission entry unless they ignore permissions', () => {
    expect(paths(visibleNavigation(nav, { testMode: false, permissions: { '/data/c': { Read: true } } }))).toEqual(['/data', '/data/c', '/docs']);
  });

  it('takes the state from the progress map when the item has none', () => {
    const items = visibleNavigation([{ path: '/p', title: title('P') }], { testMode: false, permissions: { '/p': {} }, progress: { '/p': true } });
    expect(items).toEqual([]);
  });
});
