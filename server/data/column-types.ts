import { defaultValue, isDecimalString, isIntegerType, isWideInteger, normaliseDecimalString, type FieldModel } from '../../schemas';

type ColumnField = Pick<FieldModel, 'name' | 'type' | 'managedType' | 'usage'> & Partial<Pick<FieldModel, 'precision' | 'scale'>>;

/** True for a uint64 wide integer (schemas/wide-integer.ts): up to 18446744073709551615, more than bigint holds. */
function isWideUnsigned(field: ColumnField): boolean {
  return field.managedType === 'uint64' && isWideInteger(field);
}

/**
 * The SQL type of a field's column. Integer managed types (sbyte .. int64) are `bigint`: it holds int64's full range,
 * and orders and indexes faster than numeric. A uint64 wide integer is `numeric` (declared `numeric(20,0)`, see
 * `columnDdlType`), as its upper half does not fit a bigint; a uint64 lookup keeps bigint (its keys come from a
 * sequence). Other Numbers are `numeric`, exact for decimal amounts.
 */
export function columnType(field: ColumnField): 'text' | 'bigint' | 'numeric' | 'boolean' | 'jsonb' {
  switch (field.type) {
    case 'String':
      return 'text';
    case 'Number':
      return isIntegerType(field.managedType) && !isWideUnsigned(field) ? 'bigint' : 'numeric';
    case 'Boolean':
      return 'boolean';
    default:
      return 'jsonb';
  }
}

/**
 * The type a column is created with: `columnType`, with the precision of a uint64 wide integer (20 digits, no fraction)
 * or a decimal's declared `precision` and `scale` (numeric(30,4); exact decimals, schemas/exact-decimal.ts). An
 * existing numeric column keeps its type: the record validator holds the values to the declared digits either way.
 */
export function columnDdlType(field: ColumnField): string {
  if (isWideUnsigned(field)) return 'numeric(20,0)';
  if (field.type === 'Number' && field.managedType === 'decimal' && field.precision !== undefined) return `numeric(${field.precision},${field.scale ?? 0})`;
  return columnType(field);
}

/**
 * Whether an existing column of type `actual` (information_schema's data_type) is widened to the field's type on start
 * instead of refused: a uint64 field stored as bigint before wide integers (every value it holds fits numeric(20,0)).
 */
export function widensTo(field: ColumnField, actual: string): boolean {
  return isWideUnsigned(field) && actual === 'bigint';
}

/** A literal for DDL (ALTER TABLE ... DEFAULT takes no parameters); undefined when the default is null. */
export function defaultLiteral(field: FieldModel): string | undefined {
  // A wide integer's or exact decimal's default may be decimal text: its canonical form is a numeric literal as it is.
  const value = isDecimalString(field) ? normaliseDecimalString(field, defaultValue(field)) : defaultValue(field);
  if (value === null || value === undefined) return undefined;
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  switch (columnType(field)) {
    case 'text':
      return typeof value === 'string' ? quote(value) : undefined;
    case 'bigint':
    case 'numeric':
      if (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value)) return value;
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'jsonb':
      return `${quote(JSON.stringify(value))}::jsonb`;
  }
}
