import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFieldSchema } from './compile-field-schema';
import type { ManagedType } from './entity-document';
import { effectiveBounds, isIntegerType, MANAGED_TYPE_NAMES, MANAGED_TYPES } from './managed-types';
import { recordAjv } from './record-validator';

describe('MANAGED_TYPES', () => {
  it('has the ranges of spec 2 §5', () => {
    expect(MANAGED_TYPES.sbyte).toEqual({ integer: true, min: -128, max: 127 });
    expect(MANAGED_TYPES.int16).toEqual({ integer: true, min: -32768, max: 32767 });
    expect(MANAGED_TYPES.int32).toEqual({ integer: true, min: -2147483648, max: 2147483647 });
    expect(MANAGED_TYPES.byte).toEqual({ integer: true, min: 0, max: 255 });
    expect(MANAGED_TYPES.uint16.max).toBe(65535);
    expect(MANAGED_TYPES.uint32.max).toBe(4294967295);
    expect(MANAGED_TYPES.single).toEqual({ integer: false, min: -3.4028235e38, max: 3.4028235e38 });
    expect(MANAGED_TYPES.double.max).toBe(Number.MAX_VALUE);
    expect(MANAGED_TYPES.decimal.max).toBe(Number('79228162514264337593543950335'));
    expect(MANAGED_TYPES.decimal.min).toBe(-7.922816251426434e28);
  });

  it('clamps 64-bit integers to the safe-integer range', () => {
    expect(MANAGED_TYPES.int64).toEqual({ integer: true, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    expect(MANAGED_TYPES.uint64).toEqual({ integer: true, min: 0, max: Number.MAX_SAFE_INTEGER });
  });

  it('tells integer types from floating ones', () => {
    expect(MANAGED_TYPE_NAMES.filter(isIntegerType)).toEqual(['sbyte', 'int16', 'int32', 'int64', 'byte', 'uint16', 'uint32', 'uint64']);
    expect(isIntegerType(undefined)).toBe(false);
  });
});

describe('effectiveBounds', () => {
  it('takes the tighter of the field and the type', () => {
    expect(effectiveBounds({ managedType: 'byte', min: -5, max: 100 })).toEqual({ min: 0, max: 100 });
    expect(effectiveBounds({ managedType: 'sbyte', min: 10, max: 1000 })).toEqual({ min: 10, max: 127 });
  });

  it('keeps the field bounds without a managed type and none without either', () => {
    expect(effectiveBounds({ min: 1 })).toEqual({ min: 1, max: undefined });
    expect(effectiveBounds({})).toEqual({ min: undefined, max: undefined });
  });

  it('is never looser than either side (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MANAGED_TYPE_NAMES), fc.option(fc.double({ noNaN: true }), { nil: undefined }), fc.option(fc.double({ noNaN: true }), { nil: undefined }), (type, min, max) => {
        const bounds = effectiveBounds({ managedType: type, min, max });
        expect(bounds.min!).toBeGreaterThanOrEqual(MANAGED_TYPES[type].min);
        expect(bounds.max!).toBeLessThanOrEqual(MANAGED_TYPES[type].max);
        if (min !== undefined) expect(bounds.min!).toBeGreaterThanOrEqual(min);
        if (max !== undefined) expect(bounds.max!).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('compiled schema of managed types (property)', () => {
  const validators = Object.fromEntries(
    MANAGED_TYPE_NAMES.map((type) => [type, recordAjv().compile(compileFieldSchema({ name: 'N', type: 'Number', managedType: type }))]),
  ) as unknown as Record<ManagedType, (v: unknown) => boolean>;

  it('accepts only values within the type range', () => {
    const values = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number));
    fc.assert(
      fc.property(fc.constantFrom(...MANAGED_TYPE_NAMES), values, (type, value) => {
        if (validators[type](value)) {
          expect(value).toBeGreaterThanOrEqual(MANAGED_TYPES[type].min);
          expect(value).toBeLessThanOrEqual(MANAGED_TYPES[type].max);
          if (MANAGED_TYPES[type].integer) expect(Number.isInteger(value)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('integer types refuse every non-integer in range', () => {
    const integerTypes = MANAGED_TYPE_NAMES.filter(isIntegerType);
    fc.assert(
      fc.property(fc.constantFrom(...integerTypes), fc.double({ min: -100, max: 100, noNaN: true }).filter((v) => !Number.isInteger(v)), (type, value) => {
        expect(validators[type](value)).toBe(false);
      }),
    );
  });

  it('accepts the edges of the range and refuses one step beyond', () => {
    for (const type of ['sbyte', 'int16', 'int32', 'byte', 'uint16', 'uint32'] as const) {
      const { min, max } = MANAGED_TYPES[type];
      expect([validators[type](min), validators[type](max), validators[type](min - 1), validators[type](max + 1)]).toEqual([true, true, false, false]);
    }
    expect(validators.int64(Number.MAX_SAFE_INTEGER + 2)).toBe(false);
    expect(validators.single(3.5e38)).toBe(false);
    expect(validators.decimal(1.5)).toBe(true);
  });
});
