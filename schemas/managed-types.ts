import type { FieldModel, ManagedType } from './entity-document';

/** The range and kind of one managed numeric type (spec 2 §5). */
export interface ManagedTypeInfo {
  /** Whole numbers only. */
  integer: boolean;
  /** The type's own lower limit as a JS number (exact where a double can hold it). */
  min: number;
  /** The type's own upper limit as a JS number. */
  max: number;
}

/**
 * Why int64/uint64 are clamped here: JSON numbers arrive as IEEE doubles, which hold whole numbers exactly only up
 * to 2^53 - 1. Accepting 9007199254740993 as a number would silently store 9007199254740992, so `effectiveBounds`
 * limits 64-bit integers that travel as JSON numbers (lookups, record keys, values inside Object and Array fields)
 * to ±Number.MAX_SAFE_INTEGER. A top-level int64/uint64 field that is no lookup holds its full range instead, as a
 * decimal string: schemas/wide-integer.ts.
 */
const SAFE = Number.MAX_SAFE_INTEGER;

/** The largest .NET decimal, 79228162514264337593543950335, as the nearest double. */
const DECIMAL_MAX = Number('79228162514264337593543950335');

/**
 * Every managed type with its range. int64/uint64 are clamped to the safe-integer range here (see `SAFE`; wide
 * integers have their full range in schemas/wide-integer.ts);
 * single is ±3.4028235e38, double ±Number.MAX_VALUE, decimal ±79228162514264337593543950335 (as a double).
 */
export const MANAGED_TYPES: Readonly<Record<ManagedType, ManagedTypeInfo>> = {
  sbyte: { integer: true, min: -128, max: 127 },
  int16: { integer: true, min: -32768, max: 32767 },
  int32: { integer: true, min: -2147483648, max: 2147483647 },
  int64: { integer: true, min: -SAFE, max: SAFE },
  byte: { integer: true, min: 0, max: 255 },
  uint16: { integer: true, min: 0, max: 65535 },
  uint32: { integer: true, min: 0, max: 4294967295 },
  uint64: { integer: true, min: 0, max: SAFE },
  single: { integer: false, min: -3.4028235e38, max: 3.4028235e38 },
  double: { integer: false, min: -Number.MAX_VALUE, max: Number.MAX_VALUE },
  // ±79228162514264337593543950335 (2^96 - 1); the nearest double, written so, as the exact literal would lose precision.
  decimal: { integer: false, min: -DECIMAL_MAX, max: DECIMAL_MAX },
};

/** The names of the managed types, in table order. */
export const MANAGED_TYPE_NAMES = Object.keys(MANAGED_TYPES) as ManagedType[];

/**
 * True for the whole-number managed types (sbyte .. uint64). A Number without a managed type is not integer.
 */
export function isIntegerType(managedType: ManagedType | undefined): boolean {
  return managedType !== undefined && MANAGED_TYPES[managedType]?.integer === true;
}

/** Lower and upper bound of a numeric field; undefined means unbounded. */
export interface Bounds {
  min: number | undefined;
  max: number | undefined;
}

/**
 * The bounds that apply to a Number field: the tighter of its own `min`/`max` and its managed type's range.
 * A field without a managed type keeps only its own bounds.
 */
export function effectiveBounds(field: Pick<FieldModel, 'min' | 'max' | 'managedType'>): Bounds {
  const range = field.managedType ? MANAGED_TYPES[field.managedType] : undefined;
  const pick = (own: number | undefined, type: number | undefined, tighter: (a: number, b: number) => number) =>
    own === undefined ? type : type === undefined ? own : tighter(own, type);
  return { min: pick(field.min, range?.min, Math.max), max: pick(field.max, range?.max, Math.min) };
}
