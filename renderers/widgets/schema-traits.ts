import type { RJSFSchema } from '@rjsf/utils';

function types(schema: RJSFSchema): string[] {
  return ([] as unknown[]).concat(schema.type ?? []).filter((t): t is string => typeof t === 'string');
}

/** True when the compiled schema lets the field be null (a nullable Number, an optional String). */
export function isNullable(schema: RJSFSchema): boolean {
  return types(schema).includes('null');
}

/** True when the compiled schema wants whole numbers (an integer managed type). */
export function isInteger(schema: RJSFSchema): boolean {
  return types(schema).includes('integer');
}
