import { defaultValue, isIntegerType, type FieldModel } from '../../schemas';

/**
 * The SQL type of a field's column. Integer managed types (sbyte .. uint64) are `bigint`: every value they
 * allow fits, since the compiled schema clamps 64-bit ones to the safe-integer range, and bigint orders and
 * indexes faster than numeric. Other Numbers are `numeric`, exact for decimal amounts.
 */
export function columnType(field: Pick<FieldModel, 'type' | 'managedType'>): 'text' | 'bigint' | 'numeric' | 'boolean' | 'jsonb' {
  switch (field.type) {
    case 'String':
      return 'text';
    case 'Number':
      return isIntegerType(field.managedType) ? 'bigint' : 'numeric';
    case 'Boolean':
      return 'boolean';
    default:
      return 'jsonb';
  }
}

/** A literal for DDL (ALTER TABLE ... DEFAULT takes no parameters); undefined when the default is null. */
export function defaultLiteral(field: FieldModel): string | undefined {
  const value = defaultValue(field);
  if (value === null || value === undefined) return undefined;
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  switch (columnType(field)) {
    case 'text':
      return typeof value === 'string' ? quote(value) : undefined;
    case 'bigint':
    case 'numeric':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'jsonb':
      return `${quote(JSON.stringify(value))}::jsonb`;
  }
}
