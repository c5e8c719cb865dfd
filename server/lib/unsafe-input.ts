/** How deep a request's JSON may nest unless its route allows more; records nest a few levels at most. */
export const DEFAULT_MAX_DEPTH = 32;

/** Where a request value cannot be used, and why. */
export interface UnsafeInput {
  /** Dotted path from the checked root ('Attributes.Color', 'records.3.Tags.0'); '(body)' for the root itself. */
  path: string;
  problem: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored, or undefined: PostgreSQL refuses NUL, and lone surrogates are no Unicode text. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it has a lone surrogate)';
  return undefined;
}

/**
 * The first value in a parsed JSON value (or query/params object) that no route can use: a text (value or key)
 * with NUL or a lone surrogate, a number that is not finite (JSON's `1e309` parses to Infinity; a query's coerces to
 * it), or nesting deeper than `maxDepth`. Walks with its own stack, so hostile
 * nesting cannot overflow the call stack here; what it lets through is shallow enough for recursive code after it.
 */
export function findUnsafeInput(root: unknown, maxDepth = DEFAULT_MAX_DEPTH, rootPath = ''): UnsafeInput | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  const at = (parent: string, key: string | number) => (parent ? `${parent}.${key}` : String(key));
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path: path || '(body)', problem };
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path: path || '(body)', problem: 'must be a finite number (it is too large for a double)' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return { path: path || '(body)', problem: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: at(path, i), depth: depth + 1 });
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return { path: at(path, key), problem: `has a member name that ${problem}` };
      stack.push({ value: member, path: at(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}
