import { SHEET_LAYOUTS, SHEET_MAX_COUNT, type SheetChoice, type SheetLayout } from './scan-sheet-types';

/** The default sheet: one page of the 3 x 8 grid. */
export const DEFAULT_CHOICE: SheetChoice = { count: 24, layout: 'a4-3x8', seed: undefined };
const MAX_SEED = 2_147_483_647;

/** The choice in the page's URL (count, layout, seed), each value checked; anything else falls back to the default. */
export function choiceOfParams(params: URLSearchParams): SheetChoice {
  const whole = (name: string, min: number, max: number) => {
    const text = params.get(name);
    if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
    const value = Number(text);
    return value >= min && value <= max ? value : undefined;
  };
  const layout = params.get('layout');
  return {
    count: whole('count', 1, SHEET_MAX_COUNT) ?? DEFAULT_CHOICE.count,
    layout: SHEET_LAYOUTS.includes(layout as SheetLayout) ? (layout as SheetLayout) : DEFAULT_CHOICE.layout,
    seed: whole('seed', 0, MAX_SEED),
  };
}

/** The choice as URL parameters (and as the API's query). */
export function paramsOfChoice(choice: SheetChoice): Record<string, string> {
  return { count: String(choice.count), layout: choice.layout, ...(choice.seed === undefined ? {} : { seed: String(choice.seed) }) };
}

/** A new random seed (the sheet's "shuffle"). */
export function newSeed(random: () => number = Math.random): number {
  return Math.floor(random() * MAX_SEED);
}
