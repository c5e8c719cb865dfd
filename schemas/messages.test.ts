import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES, detailedMessageKey, formatMessage, messageKey, shortenValue, VALIDATORS } from './messages';

describe('shortenValue', () => {
  it('keeps up to 12 characters and shortens longer text to 11 plus an ellipsis', () => {
    expect(shortenValue('123456789012')).toBe('123456789012');
    expect(shortenValue('1234567890123')).toBe('12345678901…');
    expect(shortenValue(42)).toBe('42');
    expect(shortenValue({ a: 'bcdefghijklmn' })).toBe('{"a":"bcdef…');
  });
});

describe('formatMessage', () => {
  it('uses the detailed variant when its parameters are given', () => {
    expect(formatMessage('maxLength', { max: 32, actual: 40 })).toBe('Enter at most 32 characters (40 entered).');
    expect(formatMessage('id', { value: 'not valid at all!' })).toBe("'not valid a…' is not a valid id: use letters and digits, groups joined by single hyphens.");
  });

  it('falls back to the plain key, then to the validator message, then to the key', () => {
    expect(formatMessage('maxLength')).toBe('The text is too long.');
    expect(formatMessage('custom', {}, undefined, 'must be odd')).toBe('must be odd');
    expect(formatMessage('custom')).toBe('validation.custom');
  });

  it('uses a given translation', () => {
    const de: Record<string, string> = { 'validation.required.detailed': '{label} ist erforderlich.' };
    expect(formatMessage('required', { label: 'Text' }, (key) => de[key])).toBe('Text ist erforderlich.');
  });

  it('has a plain and a detailed English message for every validator', () => {
    for (const validator of VALIDATORS) {
      expect(DEFAULT_MESSAGES[messageKey(validator)], validator).toBeTruthy();
      expect(DEFAULT_MESSAGES[detailedMessageKey(validator)], validator).toBeTruthy();
    }
  });
});
