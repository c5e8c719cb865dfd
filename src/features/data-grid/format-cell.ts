import { schemaAt } from '../../../renderers/form/schema-at';
import type { JsonSchema } from '../../../schemas';

/** A value as one line of text for grid cells, summaries and the conflict resolver. */
export function formatCell(value: unknown, yes = '✓', no = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A field's value as one line of text: an enum shows its option's label (the compiled schema's `oneOf` titles are
 * in the user's language), everything else as `formatCell`. An unknown enum value shows as itself.
 */
export function formatFieldValue(schema: JsonSchema, path: string, value: unknown, yes = '✓', no = ''): string {
  const options = schemaAt(schema, path)?.oneOf as { const?: unknown; title?: string }[] | undefined;
  const option = options?.find((candidate) => candidate.const === value && value !== null && value !== undefined);
  return option?.title ?? formatCell(value, yes, no);
}
