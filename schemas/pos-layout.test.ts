import { describe, expect, it } from 'vitest';
import { contrastRatio, emptyLayoutContent, freeCell, layoutProblems, readableTextOn, type LayoutButton } from './pos-layout';
import { searchRetailIcons } from './retail-icons';

const button = (id: string, x: number, y: number, w = 1, h = 1): LayoutButton => ({ id, x, y, w, h, kind: 'function', target: 'drawer.open', label: id, background: '#ffffff', foreground: '#000000', icon: null });

// The rules the editor shows as the user works and the server enforces on every save.
describe('the POS layout rules', () => {
  it('accepts buttons side by side inside the grid', () => {
    expect(layoutProblems({ ...emptyLayoutContent(), buttons: [button('a', 0, 0, 2, 2), button('b', 2, 0), button('c', 5, 3)] })).toEqual([]);
  });

  it('names overlaps, buttons outside the grid, repeated ids and a bad grid', () => {
    const problems = layoutProblems({ ...emptyLayoutContent(), columns: 6, buttons: [button('a', 0, 0, 2, 2), button('b', 1, 1), button('c', 5, 3, 2, 1), button('a', 4, 0)] });
    expect(problems).toEqual([
      { path: 'buttons[2].x', buttonId: 'c', message: 'lies outside the grid of 6 x 4 cells' },
      { path: 'buttons[1]', buttonId: 'b', message: 'overlaps button 1 (a)' },
      { path: 'buttons[3].id', buttonId: 'a', message: 'repeats the id a' },
    ]);
    expect(layoutProblems({ ...emptyLayoutContent(), columns: 0, screen: { width: 1, height: 1 } }).map((problem) => problem.path)).toEqual(['columns', 'screen']);
  });

  it('measures contrast as WCAG does and picks readable text', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(readableTextOn('#fde047')).toBe('#000000');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(layoutProblems({ ...emptyLayoutContent(), buttons: [{ ...button('a', 0, 0), background: '#777777', foreground: '#ffffff' }] })[0]?.message).toBe('has a contrast of 4.4:1 with the background, less than 4.5:1');
  });

  it('finds the first free cell for a new button, none in a full grid', () => {
    const content = { ...emptyLayoutContent(), columns: 2, rows: 1, buttons: [button('a', 0, 0)] };
    expect(freeCell(content)).toEqual({ x: 1, y: 0 });
    expect(freeCell({ ...content, buttons: [button('a', 0, 0, 2, 1)] })).toBeUndefined();
  });

  it('searches retail icons by name and keyword', () => {
    expect(searchRetailIcons('coffee').map((icon) => icon.name)).toEqual(['coffee']);
    expect(searchRetailIcons('DISCOUNT').map((icon) => icon.name)).toEqual(expect.arrayContaining(['percent', 'badge-percent', 'ticket-percent']));
    expect(searchRetailIcons('no such thing')).toEqual([]);
  });
});
