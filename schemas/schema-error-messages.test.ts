import { describe, expect, it } from 'vitest';
import type { FieldModel } from './entity-document';
import { formatMessage } from './messages';
import { describeSchemaError } from './schema-error-messages';

const AMOUNT: FieldModel = { name: 'Amount', type: 'Number', managedType: 'decimal', precision: 30, scale: 4 };
const COUNT: FieldModel = { name: 'Count', type: 'Number', managedType: 'decimal', precision: 20, scale: 0 };

/** The message a user of the editor reads for a pattern error on a field holding `value`. */
function editorMessage(field: FieldModel, value: unknown): string {
  const described = describeSchemaError({ keyword: 'pattern', path: field.name, params: {} }, { [field.name]: value }, { fields: [field], audience: 'editor' })!;
  return formatMessage(described.validator, described.params);
}

describe('an exact decimal error, for a user of the editor', () => {
  it('names the digits the scale allows after the point, never the API hint', () => {
    expect(editorMessage(AMOUNT, '12345678901234567890123456.78912')).toBe('Enter at most 4 digits after the decimal point.');
    expect(editorMessage(AMOUNT, '123456789012345678901234567')).toBe('The value must be at most 99999999999999999999999999.9999.');
    expect(editorMessage(AMOUNT, '12.')).toBe("'12.' is not a number.");
  });

  it('says "whole number" for a scale of 0', () => {
    expect(editorMessage(COUNT, '12.5')).toBe("'12.5' is not a whole number.");
  });

  it('keeps the API hint for a program', () => {
    const described = describeSchemaError({ keyword: 'pattern', path: 'Amount', params: {} }, { Amount: '1.23456' }, { fields: [AMOUNT], audience: 'api' })!;
    expect(described.validator).toBe('invalid');
    expect(String(described.params.reason)).toContain('with at most 4 digits after the point as a decimal string');
  });
});
