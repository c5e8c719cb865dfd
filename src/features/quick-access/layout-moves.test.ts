import { describe, expect, it } from 'vitest';
import { emptyLayoutContent, type LayoutContent } from '../../../schemas/pos-layout';
import { addButton, keyboardChange, moveButton, resizeButton } from './layout-moves';

const withOne = (): LayoutContent => addButton(emptyLayoutContent(), 'One')!.content;

// The editor's moves, by mouse and by keyboard: whole cells, inside the grid.
describe('layout moves', () => {
  it('adds buttons in the first free cell with readable text', () => {
    const two = addButton(withOne(), 'Two')!;
    expect(two.content.buttons.map((b) => [b.id, b.x, b.y])).toEqual([['b1', 0, 0], ['b2', 1, 0]]);
    expect(two.content.buttons[1]!.foreground).toBe('#ffffff');
  });

  it('moves and resizes inside the grid only', () => {
    const moved = moveButton(withOne(), 'b1', 10, 1);
    expect(moved.buttons[0]).toMatchObject({ x: 5, y: 1 });
    expect(resizeButton(moved, 'b1', 3, 5).buttons[0]).toMatchObject({ w: 1, h: 3 });
    expect(resizeButton(withOne(), 'b1', -4, 0).buttons[0]).toMatchObject({ w: 1 });
    expect(resizeButton(withOne(), 'b1', 2, 1).buttons[0]).toMatchObject({ w: 3, h: 2 });
  });

  it('reads arrows as moves, Shift+arrows as resizes, mirrored right to left', () => {
    expect(keyboardChange('ArrowRight', false, false)).toEqual({ dx: 1, dy: 0, resize: false });
    expect(keyboardChange('ArrowRight', true, true)).toEqual({ dx: -1, dy: 0, resize: true });
    expect(keyboardChange('ArrowDown', true, false)).toEqual({ dx: 0, dy: 1, resize: true });
    expect(keyboardChange('Enter', false, false)).toBeUndefined();
  });
});
