/**
 * Where focus goes in a grid of `count` items, `columns` a row, from `index` by a key: arrows by one (the horizontal
 * ones mirrored right to left), Home and End to the first and last. Undefined for other keys.
 */
export function nextGridIndex(key: string, index: number, count: number, columns: number, rtl: boolean): number | undefined {
  const forward = rtl ? -1 : 1;
  const steps: Record<string, number> = { ArrowRight: forward, ArrowLeft: -forward, ArrowDown: columns, ArrowUp: -columns };
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = steps[key];
  if (step === undefined) return undefined;
  return Math.max(0, Math.min(count - 1, index + step));
}
