// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { blur, focus, typeInto } from '../test-support/render';
import { mountWidget } from '../test-support/mount-widget';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function mount(name: string, overrides: Partial<WidgetProps>) {
  const mounted = mountWidget(name, { schema: { type: ['number', 'null'] }, ...overrides });
  unmount = mounted.unmount;
  return mounted;
}

describe('numeric text input (number and currency widgets)', () => {
  it('reads in the UI language when read-only: grouped, an amount in its currency with its decimals', () => {
    const registry = { formContext: { locale: 'de' } } as unknown as WidgetProps['registry'];
    const number = mount('number', { value: 1234.5, readonly: true, registry });
    expect(number.host.querySelector('input')!.value).toBe('1.234,5');
    number.unmount();
    const amount = mount('currency', { value: 4.1, readonly: true, registry });
    expect(amount.host.querySelector('input')!.value.replace(/\u00a0/g, ' ')).toBe('4,10 €');
  });

  it.each(['number', 'currency'])('%s: keeps the typed text while its own value comes back, and takes a value set from outside', (name) => {
    const { host, props, rerender } = mount(name, { value: 1 });
    const input = host.querySelector('input')!;
    typeInto(input, '12.');
    expect(props.onChange).toHaveBeenLastCalledWith(12);
    rerender({ value: 12 });
    expect(input.value).toBe('12.');
    rerender({ value: 7 });
    expect(input.value).toMatch(/^7(\.00)?$/);
  });

  it.each(['number', 'currency'])('%s: carries the form name, the invalid mark, and reports focus and the normalised value on blur', (name) => {
    const { host, props } = mount(name, { value: 3, htmlName: 'Price', rawErrors: ['too small'], required: true });
    const input = host.querySelector('input')!;
    expect(input.name).toBe('Price');
    expect(input.type).toBe('text');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    focus(input);
    expect(props.onFocus).toHaveBeenCalledWith('root_Field', 3);
    typeInto(input, '');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', null);
  });

  it('number: keeps every digit of a 30-digit exact decimal as text, writes its scale on leaving, reads in the locale when read-only', () => {
    const schema = { type: ['string', 'null'], 'x-decimal-range': { minimum: '-99999999999999999999999999.9999', maximum: '99999999999999999999999999.9999', scale: 4 } } as WidgetProps['schema'];
    const { host, props } = mount('number', { schema, value: '0.0000' });
    const input = host.querySelector('input')!;
    focus(input);
    typeInto(input, '12345678901234567890123456.7891');
    expect(props.onChange).toHaveBeenLastCalledWith('12345678901234567890123456.7891');
    typeInto(input, '12345678901234567890123456.7891e');
    expect(input.value).toBe('12345678901234567890123456.7891');
    typeInto(input, '0012345678901234567890123456,5');
    expect(props.onChange).toHaveBeenLastCalledWith('12345678901234567890123456.5000');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', '12345678901234567890123456.5000');
    expect(input.value).toBe('12345678901234567890123456.5000');
    typeInto(input, '');
    expect(props.onChange).toHaveBeenLastCalledWith(null);
    unmount!();
    for (const [locale, expected] of [['en', '12,345,678,901,234,567,890,123,456.7891'], ['ar', new Intl.NumberFormat('ar', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format('12345678901234567890123456.7891')]] as const) {
      const registry = { formContext: { locale, getRecord: () => ({}) } } as unknown as WidgetProps['registry'];
      const readOnly = mount('number', { schema, value: '12345678901234567890123456.7891', readonly: true, registry });
      expect(readOnly.host.querySelector('input')!.value).toBe(expected);
      unmount!();
    }
  });

  it('currency: keeps every digit of a 30-digit exact-decimal amount, never rounds it, writes its scale on leaving, reads it in the locale with its currency', () => {
    const schema = { type: ['string', 'null'], 'x-decimal-range': { minimum: '-9999999999999999999999999999.99', maximum: '9999999999999999999999999999.99', scale: 2 } } as WidgetProps['schema'];
    const { host, props } = mount('currency', { schema, value: null, options: { currency: { code: 'EUR' } } });
    const input = host.querySelector('input')!;
    focus(input);
    typeInto(input, '1234567890123456789012345678.91');
    expect(props.onChange).toHaveBeenLastCalledWith('1234567890123456789012345678.91');
    // Grouped the German way, with the code: the same digits, none lost to a double.
    typeInto(input, 'EUR 1.234.567.890.123.456.789.012.345.678,9');
    expect(props.onChange).toHaveBeenLastCalledWith('1234567890123456789012345678.90');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', '1234567890123456789012345678.90');
    expect(input.value).toBe('1234567890123456789012345678.90');
    // More digits after the point than the scale: kept as typed for the validator, not rounded to the cent.
    focus(input);
    typeInto(input, '1234567890123456789012345678.915');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', '1234567890123456789012345678.915');
    expect(input.value).toBe('1234567890123456789012345678.915');
    focus(input);
    typeInto(input, '');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', null);
    unmount!();
    const nonNull = mount('currency', { schema: { ...schema, type: 'string' }, value: '5.00' });
    typeInto(nonNull.host.querySelector('input')!, ' ');
    expect(nonNull.props.onChange).toHaveBeenLastCalledWith('0.00');
    unmount!();
    for (const [locale, expected] of [['de', '1.234.567.890.123.456.789.012.345.678,91 €'], ['en', '€1,234,567,890,123,456,789,012,345,678.91']] as const) {
      const registry = { formContext: { locale } } as unknown as WidgetProps['registry'];
      const readOnly = mount('currency', { schema, value: '1234567890123456789012345678.91', readonly: true, registry });
      expect(readOnly.host.querySelector('input')!.value.replace(/\u00a0/g, ' ')).toBe(expected);
      unmount!();
    }
  });

  it('percent: an exact decimal goes through the number box, every digit kept in typing and read-only', () => {
    const schema = { type: ['string', 'null'], 'x-decimal-range': { minimum: '-9999999999999.99999999', maximum: '9999999999999.99999999', scale: 8 } } as WidgetProps['schema'];
    const { host, props } = mount('percent', { schema, value: null });
    typeInto(host.querySelector('input')!, '1234567890123,12345678');
    expect(props.onChange).toHaveBeenLastCalledWith('1234567890123.12345678');
    unmount!();
    const registry = { formContext: { locale: 'de' } } as unknown as WidgetProps['registry'];
    const readOnly = mount('percent', { schema, value: '1234567890123.12345678', readonly: true, registry });
    expect(readOnly.host.querySelector('input')!.value).toBe('1.234.567.890.123,12345678\u00a0%');
  });

  it.each(['number', 'currency'])('%s: takes digits typed on an Arabic keyboard as the digits they are', (name) => {
    const { host, props } = mount(name, { value: null });
    const input = host.querySelector('input')!;
    typeInto(input, '١٢٫٥');
    expect(input.value).toBe('12.5');
    expect(props.onChange).toHaveBeenLastCalledWith(12.5);
  });

  it('percent: shows its sign beside the box while typed, and in the number when read-only', () => {
    const { host, props } = mount('percent', { value: 7 });
    const input = host.querySelector('input')!;
    expect(input.value).toBe('7');
    expect(host.textContent).toContain('%');
    typeInto(input, '12,5');
    expect(props.onChange).toHaveBeenLastCalledWith(12.5);
    unmount!();
    const registry = { formContext: { locale: 'en' } } as unknown as WidgetProps['registry'];
    const readOnly = mount('percent', { value: 12.5, readonly: true, registry });
    expect(readOnly.host.querySelector('input')!.value).toBe('12.5%');
    unmount!();
    const number = mount('number', { value: 12.5, readonly: true, registry });
    expect(number.host.textContent).not.toContain('%');
    expect(number.host.querySelector('input')!.value).toBe('12.5');
  });

  it('number: keeps every digit of a wide integer as its decimal string, refuses non-digits, reads grouped when read-only', () => {
    const schema = { type: ['string', 'integer', 'null'], 'x-integer-range': { minimum: '0', maximum: '18446744073709551615' } } as WidgetProps['schema'];
    const { host, props } = mount('number', { schema, value: '9223372036854775807' });
    const input = host.querySelector('input')!;
    expect(input.value).toBe('9223372036854775807');
    typeInto(input, '18446744073709551615');
    expect(props.onChange).toHaveBeenLastCalledWith('18446744073709551615');
    typeInto(input, '1844674407370955161x');
    expect(input.value).toBe('18446744073709551615');
    focus(input);
    typeInto(input, '0077');
    blur(input);
    expect(props.onBlur).toHaveBeenLastCalledWith('root_Field', '77');
    expect(input.value).toBe('77');
    typeInto(input, '');
    expect(props.onChange).toHaveBeenLastCalledWith(null);
    unmount!();
    const registry = { formContext: { locale: 'de', getRecord: () => ({}) } } as unknown as WidgetProps['registry'];
    const readOnly = mount('number', { schema, value: '18446744073709551615', readonly: true, registry });
    expect(readOnly.host.querySelector('input')!.value).toBe('18.446.744.073.709.551.615');
  });

  it('leaves room for the currency code at the end of the box', () => {
    const { host } = mount('currency', { value: 5, options: { currency: { code: 'CHF' } } });
    const input = host.querySelector('input')!;
    expect(input.value).toBe('5.00');
    expect(input.parentElement?.textContent).toContain('CHF');
    expect(input.readOnly).toBe(false);
  });
});

describe('monospace text boxes (colour and JSON widgets)', () => {
  it('colour: edits the hex text with the shared attributes and reports the value on blur', () => {
    const { host, props } = mount('color', { value: '#FF0000', schema: { type: ['string', 'null'] }, readonly: true, htmlName: 'Colour' });
    const text = host.querySelector<HTMLInputElement>('input:not([type=color])')!;
    expect(text.name).toBe('Colour');
    expect(text.readOnly).toBe(true);
    focus(text);
    blur(text);
    expect(props.onFocus).toHaveBeenCalledWith('root_Field', '#FF0000');
    expect(props.onBlur).toHaveBeenCalledWith('root_Field', '#FF0000');
  });

  it('JSON: parses what parses, passes other text on, and keeps the typed text', () => {
    const { host, props, rerender } = mount('object', { value: { a: 1 }, schema: { type: 'object' } });
    const box = host.querySelector('textarea')!;
    expect(box.value).toBe('{\n  "a": 1\n}');
    typeInto(box, '{"b": 2}');
    expect(props.onChange).toHaveBeenLastCalledWith({ b: 2 });
    typeInto(box, '{"b": ');
    expect(props.onChange).toHaveBeenLastCalledWith('{"b": ');
    rerender({ value: '{"b": ' });
    expect(box.value).toBe('{"b": ');
    rerender({ value: [1] });
    expect(box.value).toBe('[\n  1\n]');
  });
});
