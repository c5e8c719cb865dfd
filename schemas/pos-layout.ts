/**
 * The button layouts of the POS screen (quick accesses and article quick selections, docs/pos-layouts.md): a grid of
 * columns x rows and buttons placed on it. The server checks every layout it stores with `layoutProblems`; the editor
 * shows the same problems while the user works, so the rules live here once. What a button points at (an article, a
 * product group, a POS function) is checked against the database by the server only.
 */
import { RETAIL_ICON_NAMES } from './retail-icons';

/** The two layout kinds, as the API names them in its path. */
export const LAYOUT_KINDS = ['quick-access', 'article-quick-selection'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

/** What a button does: sell one item, open a group of items, or run a POS function. */
export const BUTTON_KINDS = ['item', 'itemGroup', 'function'] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];

/** The functions a button may run on the terminal (the POS client knows them by these keys). */
export const POS_FUNCTIONS = ['payment.cash', 'payment.card', 'payment.voucher', 'document.park', 'document.recall', 'document.cancel', 'line.void', 'line.discount', 'line.quantity', 'drawer.open', 'receipt.reprint', 'customer.search', 'shift.close'] as const;

export const GRID_LIMITS = { minColumns: 1, maxColumns: 24, minRows: 1, maxRows: 16 } as const;
export const MAX_BUTTONS = 384;
export const MAX_NAME_LENGTH = 80;
export const MAX_LABEL_LENGTH = 40;
export const MAX_TARGET_LENGTH = 64;
/** Text on a button must reach this contrast ratio with its background (WCAG 2 AA for normal text). */
export const MIN_CONTRAST = 4.5;

/** The screen sizes of the terminals the preview offers, in CSS pixels. */
export const SCREEN_SIZES = [
  { width: 800, height: 480 },
  { width: 1024, height: 600 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

export const COLOUR_PATTERN = /^#[0-9a-f]{6}$/;

export interface LayoutButton {
  /** Stable within the layout: the editor's key, the terminal's too. */
  id: string;
  /** Zero-based column and row of the top-left cell; width and height in cells. */
  x: number;
  y: number;
  w: number;
  h: number;
  kind: ButtonKind;
  /** The item's number, the group's name or the function's key. */
  target: string;
  label: string;
  background: string;
  foreground: string;
  /** A retail icon's name (schemas/retail-icons.ts), or null. */
  icon: string | null;
}

export interface LayoutContent {
  columns: number;
  rows: number;
  screen: { width: number; height: number };
  buttons: LayoutButton[];
}

export interface LayoutProblem {
  /** Where: `buttons[2].target`, `columns` ... */
  path: string;
  /** The button's id when the problem is a button's. */
  buttonId?: string;
  message: string;
}

const BUTTON_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(colour: string): number {
  const channel = (offset: number) => {
    const value = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on the background. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const overlaps = (a: LayoutButton, b: LayoutButton) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A button's own problems: kind, target, texts, colours, icon, and whether it fits the grid. */
function buttonProblems(button: LayoutButton, index: number, content: LayoutContent): LayoutProblem[] {
  const at = `buttons[${index}]`;
  const problems: LayoutProblem[] = [];
  const add = (member: string, message: string) => problems.push({ path: `${at}.${member}`, buttonId: button.id, message });
  if (!BUTTON_ID.test(button.id)) add('id', 'must be 1 to 40 letters, digits, _ or -');
  for (const member of ['x', 'y', 'w', 'h'] as const) if (!Number.isSafeInteger(button[member])) add(member, 'must be a whole number');
  if (button.w < 1 || button.h < 1) add('w', 'must be at least one cell wide and high');
  if (button.x < 0 || button.y < 0 || button.x + button.w > content.columns || button.y + button.h > content.rows) add('x', `lies outside the grid of ${content.columns} x ${content.rows} cells`);
  if (!(BUTTON_KINDS as readonly string[]).includes(button.kind)) add('kind', `must be one of ${BUTTON_KINDS.join(', ')}`);
  if (button.target.trim() === '') add('target', 'must say what the button sells or does');
  else if ([...button.target].length > MAX_TARGET_LENGTH) add('target', `must be at most ${MAX_TARGET_LENGTH} characters long`);
  else if (button.kind === 'function' && !(POS_FUNCTIONS as readonly string[]).includes(button.target)) add('target', `is not a POS function (${POS_FUNCTIONS.join(', ')})`);
  if ([...button.label].length > MAX_LABEL_LENGTH) add('label', `must be at most ${MAX_LABEL_LENGTH} characters long`);
  const colours = COLOUR_PATTERN.test(button.background) && COLOUR_PATTERN.test(button.foreground);
  if (!COLOUR_PATTERN.test(button.background)) add('background', 'must be a colour as #rrggbb');
  if (!COLOUR_PATTERN.test(button.foreground)) add('foreground', 'must be a colour as #rrggbb');
  if (colours && contrastRatio(button.background, button.foreground) < MIN_CONTRAST) add('foreground', `has a contrast of ${(Math.floor(contrastRatio(button.background, button.foreground) * 10) / 10).toFixed(1)}:1 with the background, less than ${MIN_CONTRAST}:1`);
  if (button.icon !== null && !RETAIL_ICON_NAMES.has(button.icon)) add('icon', 'is not a retail icon');
  return problems;
}

/**
 * Every problem of a layout, in order: grid size, then each button (fits the grid, texts, colours with enough
 * contrast, a known icon), then overlapping buttons and repeated ids. Empty when the layout may be stored.
 */
export function layoutProblems(content: LayoutContent): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const { minColumns, maxColumns, minRows, maxRows } = GRID_LIMITS;
  if (!Number.isSafeInteger(content.columns) || content.columns < minColumns || content.columns > maxColumns) problems.push({ path: 'columns', message: `must be ${minColumns} to ${maxColumns}` });
  if (!Number.isSafeInteger(content.rows) || content.rows < minRows || content.rows > maxRows) problems.push({ path: 'rows', message: `must be ${minRows} to ${maxRows}` });
  if (!SCREEN_SIZES.some((size) => size.width === content.screen.width && size.height === content.screen.height)) problems.push({ path: 'screen', message: `must be one of ${SCREEN_SIZES.map((size) => `${size.width}x${size.height}`).join(', ')}` });
  if (content.buttons.length > MAX_BUTTONS) problems.push({ path: 'buttons', message: `must be at most ${MAX_BUTTONS}` });
  content.buttons.forEach((button, index) => problems.push(...buttonProblems(button, index, content)));
  const seen = new Set<string>();
  content.buttons.forEach((button, index) => {
    if (seen.has(button.id)) problems.push({ path: `buttons[${index}].id`, buttonId: button.id, message: `repeats the id ${button.id}` });
    seen.add(button.id);
    const other = content.buttons.findIndex((candidate, at) => at < index && overlaps(candidate, button));
    if (other >= 0) problems.push({ path: `buttons[${index}]`, buttonId: button.id, message: `overlaps button ${other + 1} (${content.buttons[other]!.label || content.buttons[other]!.target})` });
  });
  return problems;
}

/** An empty layout: a grid that suits the smallest common screen. */
export function emptyLayoutContent(): LayoutContent {
  return { columns: 6, rows: 4, screen: { ...SCREEN_SIZES[2] }, buttons: [] };
}

/** The first free cell where a w x h button fits, or undefined when the grid is full. */
export function freeCell(content: LayoutContent, w = 1, h = 1): { x: number; y: number } | undefined {
  for (let y = 0; y + h <= content.rows; y++)
    for (let x = 0; x + w <= content.columns; x++) {
      const candidate = { x, y, w, h } as LayoutButton;
      if (!content.buttons.some((button) => overlaps(button, candidate))) return { x, y };
    }
  return undefined;
}
