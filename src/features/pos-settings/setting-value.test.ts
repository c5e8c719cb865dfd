import { describe, expect, it } from 'vitest';
import { parseSettingInput } from './setting-value';

const integer = { type: 'integer' as const, min: 0, max: 5, scale: null, maxLength: null, options: null };
const decimal = { type: 'decimal' as const, min: 0, max: 100, scale: 2, maxLength: null, options: null };

// What an administrator types is checked as they type, by the rules the server applies on save.
describe('parseSettingInput', () => {
  it('reads numbers, with a decimal comma too, and names what is wrong', () => {
    expect(parseSettingInput(integer, '3')).toEqual({ value: 3 });
    expect(parseSettingInput(integer, '6')).toEqual({ problem: { kind: 'max', limit: 5 } });
    expect(parseSettingInput(integer, '-1')).toEqual({ problem: { kind: 'min', limit: 0 } });
    expect(parseSettingInput(integer, '1.5')).toEqual({ problem: { kind: 'whole' } });
    expect(parseSettingInput(integer, 'x')).toEqual({ problem: { kind: 'number' } });
    expect(parseSettingInput(integer, ' ')).toEqual({ problem: { kind: 'required' } });
    expect(parseSettingInput(decimal, '12,5')).toEqual({ value: 12.5 });
    expect(parseSettingInput(decimal, '12.345')).toEqual({ problem: { kind: 'scale', limit: 2 } });
  });

  it('reads texts, times, options and booleans', () => {
    expect(parseSettingInput({ ...integer, type: 'string', maxLength: 3 }, 'abcd')).toEqual({ problem: { kind: 'length', limit: 3 } });
    expect(parseSettingInput({ ...integer, type: 'time' }, '07:30')).toEqual({ value: '07:30' });
    expect(parseSettingInput({ ...integer, type: 'time' }, '7:30')).toEqual({ problem: { kind: 'time' } });
    expect(parseSettingInput({ ...integer, type: 'enum', options: [{ value: 'a', label: 'A' }] }, 'b')).toEqual({ problem: { kind: 'option' } });
    expect(parseSettingInput({ ...integer, type: 'boolean' }, true)).toEqual({ value: true });
  });
});
