import { describe, expect, it } from 'vitest';
import navigation from '../../../server/metadata/navigation.json';
import type { NavigationItem } from '../../../schemas/entity-document';
import { hasIcon } from './nav-icon';

function iconNames(items: NavigationItem[]): string[] {
  return items.flatMap((item) => [...(item.icon ? [item.icon] : []), ...iconNames(item.children ?? [])]);
}

describe('navigation icons', () => {
  it('has its own icon for every icon the shipped navigation names (an unknown name falls back to a plain page)', () => {
    const names = iconNames(navigation as NavigationItem[]);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !hasIcon(name))).toEqual([]);
  });
});
