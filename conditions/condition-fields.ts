import type { Condition } from './condition';

function collect(node: Condition, seen: Set<string>): void {
  if (typeof node !== 'object' || node === null) return;
  if ('whenAll' in node && Array.isArray(node.whenAll)) for (const child of node.whenAll) collect(child, seen);
  else if ('whenAny' in node && Array.isArray(node.whenAny)) for (const child of node.whenAny) collect(child, seen);
  else if ('not' in node) collect(node.not, seen);
  else if ('field' in node && typeof node.field === 'string') seen.add(node.field);
}

/**
 * The distinct field paths a condition reads, in order of first appearance ("Address.City" stays one
 * path). Editors use it to re-evaluate only the conditions a changed field can affect; note that a
 * change of "Address" can affect a condition on "Address.City", so compare by path prefix.
 */
export function conditionFields(condition: Condition): string[] {
  const seen = new Set<string>();
  collect(condition, seen);
  return [...seen];
}
