import { describe, expect, it } from 'vitest';
import { initialValues, parameterFields, parseParameters } from './parameter-fields';

const schema = {
  type: 'object',
  properties: {
    days: { type: 'integer', minimum: 1, maximum: 366, default: 7 },
    rate: { type: 'number', minimum: 0.5 },
    note: { type: 'string', title: 'Note' },
    dryRun: { type: 'boolean', default: true },
    mode: { type: 'string', enum: ['fast', 'full'] },
    nested: { type: 'object' },
  },
};

describe('parameterFields', () => {
  it('reads integer, number, string, boolean and enum properties with bounds and defaults, and skips other types', () => {
    const fields = parameterFields(schema);
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['days', 'integer'],
      ['rate', 'number'],
      ['note', 'string'],
      ['dryRun', 'boolean'],
      ['mode', 'enum'],
    ]);
    expect(fields[0]).toMatchObject({ minimum: 1, maximum: 366, defaultValue: 7 });
    expect(fields[4]?.options).toEqual(['fast', 'full']);
    expect(parameterFields({})).toEqual([]);
  });

  it('starts the form with the defaults', () => {
    expect(initialValues(parameterFields(schema))).toEqual({ days: '7', rate: '', note: '', dryRun: true, mode: '' });
  });
});

describe('parseParameters', () => {
  const fields = parameterFields(schema);

  it('turns typed text into the JSON values the job takes, leaving empty fields to their default', () => {
    expect(parseParameters(fields, { days: ' 30 ', rate: '1,5', note: 'x', dryRun: false, mode: 'full' })).toEqual({
      parameters: { days: 30, rate: 1.5, note: 'x', dryRun: false, mode: 'full' },
      problems: {},
    });
    expect(parseParameters(fields, { days: '', rate: '', note: '', dryRun: true, mode: '' }).parameters).toEqual({ dryRun: true });
  });

  it('names the field that is not a number, not whole or out of its bounds', () => {
    expect(parseParameters(fields, { days: 'abc' }).problems).toEqual({ days: { kind: 'not-a-number' } });
    expect(parseParameters(fields, { days: '2.5' }).problems).toEqual({ days: { kind: 'not-whole' } });
    expect(parseParameters(fields, { days: '0' }).problems).toEqual({ days: { kind: 'out-of-range', minimum: 1, maximum: 366 } });
    expect(parseParameters(fields, { days: '367', rate: '0.1' }).problems).toEqual({
      days: { kind: 'out-of-range', minimum: 1, maximum: 366 },
      rate: { kind: 'out-of-range', minimum: 0.5, maximum: undefined },
    });
  });
});
