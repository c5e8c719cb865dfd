import { describe, expect, it } from 'vitest';
import { arrayItemTitle } from './array-item-title';

const ordinal = (title: string, position: number) => `${title} ${position}`;

describe('arrayItemTitle', () => {
  it('names an item by its array and its position, not rjsf\'s "Roles-1"', () => {
    expect(arrayItemTitle('Roles-1', ['Roles', 0], ordinal)).toBe('Roles 1');
    expect(arrayItemTitle('Roles-12', ['Roles', 11], ordinal)).toBe('Roles 12');
  });

  it('keeps a title whose end only looks like a position (a field named "Top-10")', () => {
    expect(arrayItemTitle('Top-10', ['Top-10'], ordinal)).toBe('Top-10');
  });

  it('numbers an item whose title rjsf did not suffix', () => {
    expect(arrayItemTitle('Role', ['Roles', 2], ordinal)).toBe('Role 3');
  });
});
