import type { RJSFSchema } from '@rjsf/utils';
import { DECIMAL_KEYWORD, WIDE_INTEGER_KEYWORD, type DecimalRange } from '../../schemas';

function types(schema: RJSFSchema): string[] {
  return ([] as unknown[]).concat(schema.type ?? []).filter((t): t is string => typeof t === 'string');
}

/** True when the compiled schema lets the field be null (a nullable Number, an optional String). */
export function isNullable(schema: RJSFSchema): boolean {
  return types(schema).includes('null');
}

/** True for a wide integer (int64 / uint64, schemas/wide-integer.ts): a decimal string, never a JS number. */
export function isWideInteger(schema: RJSFSchema): boolean {
  return (schema as Record<string, unknown>)[WIDE_INTEGER_KEYWORD] !== undefined;
}

/** The range and scale of an exact decimal (schemas/exact-decimal.ts: decimal text, never a JS number), else undefined. */
export function exactDecimalRange(schema: RJSFSchema): DecimalRange | undefined {
  return (schema as Record<string, unknown>)[DECIMAL_KEYWORD] as DecimalRange | undefined;
}

/** True when the compiled schema wants whole numbers (an integer managed type). */
export function isInteger(schema: RJSFSchema): boolean {
  return types(schema).includes('integer');
}
