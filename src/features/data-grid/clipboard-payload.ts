/** Why a paste was refused (spec 2 §5); the UI shows each as its message. */
export type PasteProblem = 'empty' | 'format' | 'type';

/** The result of reading a pasted `{ type, data }` object. */
export type PasteResult = { ok: true; data: Record<string, unknown> } | { ok: false; problem: PasteProblem };

/** The clipboard text of a record: `{ type, data }` with the kind `<area>/<entity>`. */
export function clipboardPayload(type: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, data }, null, 2);
}

/**
 * Reads pasted text: empty -> 'empty'; not a JSON object with an object `data` -> 'format'; a `type` other than
 * the grid's kind (compared case-insensitively, as the service does) -> 'type'.
 */
export function parseClipboardPayload(text: string | null | undefined, expectedType: string): PasteResult {
  if (!text || !text.trim()) return { ok: false, problem: 'empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'format' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, problem: 'format' };
  const { type, data } = parsed as { type?: unknown; data?: unknown };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, problem: 'format' };
  if (typeof type !== 'string' || type.toLowerCase() !== expectedType.toLowerCase()) return { ok: false, problem: 'type' };
  return { ok: true, data: data as Record<string, unknown> };
}
