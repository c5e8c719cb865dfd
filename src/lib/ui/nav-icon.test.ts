import { describe, expect, it } from 'vitest';
import navigation from '../../../server/metadata/navigation.json';
import type { NavigationItem } from '../../../schemas/entity-document';
import { NAV_ICON_NAMES } from '../../../schemas/nav-icon-names';
import { hasIcon, navIconNames } from './nav-icon';

function iconNames(items: NavigationItem[]): string[] {
  return items.flatMap((item) => [...(item.icon ? [item.icon] : []), ...iconNames(item.children ?? [])]);
}

describe('navigation icons', () => {
  it('has its own icon for every icon the shipped navigation names (an unknown name falls back to a plain page)', () => {
    const names = iconNames(navigation as NavigationItem[]);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !hasIcon(name))).toEqual([]);
  });

  it('draws exactly the names the metadata checker knows (schemas/nav-icon-names.ts)', () => {
    expect([...navIconNames()].sort()).toEqual([...NAV_ICON_NAMES].sort());
  });
});
