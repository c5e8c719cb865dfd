import { freeCell, readableTextOn, type LayoutButton, type LayoutContent } from '../../../schemas/pos-layout';

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

const withButton = (content: LayoutContent, id: string, change: (button: LayoutButton) => LayoutButton): LayoutContent => ({
  ...content,
  buttons: content.buttons.map((button) => (button.id === id ? change(button) : button)),
});

/** Moves a button by whole cells, kept inside the grid (it may land on another: the editor then shows the overlap). */
export function moveButton(content: LayoutContent, id: string, dx: number, dy: number): LayoutContent {
  return withButton(content, id, (button) => ({ ...button, x: clamp(button.x + dx, 0, content.columns - button.w), y: clamp(button.y + dy, 0, content.rows - button.h) }));
}

/** Places a button's top-left cell, kept inside the grid. */
export function placeButton(content: LayoutContent, id: string, x: number, y: number): LayoutContent {
  return withButton(content, id, (button) => ({ ...button, x: clamp(x, 0, content.columns - button.w), y: clamp(y, 0, content.rows - button.h) }));
}

/** Grows or shrinks a button by whole cells: at least one cell, never past the grid's edge. */
export function resizeButton(content: LayoutContent, id: string, dw: number, dh: number): LayoutContent {
  return withButton(content, id, (button) => ({ ...button, w: clamp(button.w + dw, 1, content.columns - button.x), h: clamp(button.h + dh, 1, content.rows - button.y) }));
}

export function updateButton(content: LayoutContent, id: string, patch: Partial<LayoutButton>): LayoutContent {
  return withButton(content, id, (button) => ({ ...button, ...patch }));
}

export function removeButton(content: LayoutContent, id: string): LayoutContent {
  return { ...content, buttons: content.buttons.filter((button) => button.id !== id) };
}

/** A new one-cell button in the first free cell (a POS function until the user picks what it does); undefined when the grid is full. */
export function addButton(content: LayoutContent, label: string): { content: LayoutContent; id: string } | undefined {
  const cell = freeCell(content);
  if (!cell) return undefined;
  let n = content.buttons.length + 1;
  while (content.buttons.some((button) => button.id === `b${n}`)) n++;
  const background = '#1e40af';
  const button: LayoutButton = { id: `b${n}`, ...cell, w: 1, h: 1, kind: 'function', target: 'payment.cash', label, background, foreground: readableTextOn(background), icon: null };
  return { content: { ...content, buttons: [...content.buttons, button] }, id: button.id };
}

/** Changes the grid's size; buttons that no longer fit stay where they are, so the editor shows them outside. */
export function resizeGrid(content: LayoutContent, columns: number, rows: number): LayoutContent {
  return { ...content, columns, rows };
}

/**
 * What an arrow key does to the focused button: move, or with Shift resize. In a right-to-left page the grid's first
 * column is on the right, so the horizontal arrows count the other way.
 */
export function keyboardChange(key: string, shift: boolean, rtl: boolean): { dx: number; dy: number; resize: boolean } | undefined {
  const forward = rtl ? -1 : 1;
  const deltas: Record<string, [number, number]> = { ArrowLeft: [-forward, 0], ArrowRight: [forward, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const delta = deltas[key];
  return delta ? { dx: delta[0], dy: delta[1], resize: shift } : undefined;
}
