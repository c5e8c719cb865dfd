// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blur, focus, render, settle, typeInto, type Rendered } from '../test-support/render';
import type { LookupSource } from '../form-context';
import { resolveWidget } from '../registry';
import { widgetProps } from '../test-support/mount-widget';

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());


function mount(name: string, overrides: Partial<WidgetProps>) {
  const Widget = resolveWidget(name);
  const props = widgetProps(overrides);
  mounted = render(<Widget {...props} />);
  return { props, host: mounted.host, rerender: (next: Partial<WidgetProps>) => mounted!.rerender(<Widget {...props} {...next} />) };
}

describe('text widgets', () => {
  it('shows the n/max counter only while focused', () => {
    const { host } = mount('text', { value: 'Bolt', options: { maxLength: 40 } });
    const input = host.querySelector('input');
    expect(host.textContent).not.toContain('4/40');
    focus(input);
    expect(host.querySelector('[data-counter]')?.textContent).toBe('4/40');
    blur(input);
    expect(host.querySelector('[data-counter]')).toBeNull();
  });

  it('forces upper and lower case, and stores empty text as null', () => {
    const upper = mount('upper', {});
    typeInto(upper.host.querySelector('input'), 'abc');
    expect(upper.props.onChange).toHaveBeenLastCalledWith('ABC');
    mounted!.unmount();
    const lower = mount('text', { value: 'abc', options: { case: 'lower' } });
    typeInto(lower.host.querySelector('input'), 'AbC');
    expect(lower.props.onChange).toHaveBeenLastCalledWith('abc');
    typeInto(lower.host.querySelector('input'), '');
    expect(lower.props.onChange).toHaveBeenLastCalledWith(null);
  });

  it('renders password, multi-line and monospace variants', () => {
    expect(mount('password', {}).host.querySelector('input')?.type).toBe('password');
    mounted!.unmount();
    expect(mount('multiline', {}).host.querySelector('textarea')).not.toBeNull();
  });
});

describe('number widget', () => {
  it('turns empty input into null when nullable, else 0', () => {
    const nullable = mount('number', { value: 5, schema: { type: ['number', 'null'] } });
    typeInto(nullable.host.querySelector('input'), '');
    expect(nullable.props.onChange).toHaveBeenLastCalledWith(null);
    mounted!.unmount();
    const plain = mount('number', { value: 5, schema: { type: 'number' } });
    typeInto(plain.host.querySelector('input'), '');
    expect(plain.props.onChange).toHaveBeenLastCalledWith(0);
    typeInto(plain.host.querySelector('input'), '12,5');
    expect(plain.props.onChange).toHaveBeenLastCalledWith(12.5);
  });

  it('refuses a decimal separator in an integer field as it is typed', () => {
    const { host, props } = mount('number', { value: 12, schema: { type: 'integer' } });
    const input = host.querySelector('input')!;
    typeInto(input, '12.');
    expect(input.value).toBe('12');
    expect(props.onChange).not.toHaveBeenCalled();
    typeInto(input, '123');
    expect(props.onChange).toHaveBeenLastCalledWith(123);
  });
});

describe('currency widget', () => {
  it("parses 'CUR amount' and 'amount CUR' and rounds to the currency's decimals on blur", () => {
    const { host, props } = mount('currency', { value: 0, schema: { type: 'number' }, options: { currency: { code: 'EUR' } } });
    const input = host.querySelector('input')!;
    focus(input);
    typeInto(input, 'EUR 12.345');
    expect(props.onChange).toHaveBeenLastCalledWith(12.345);
    blur(input);
    expect(props.onChange).toHaveBeenLastCalledWith(12.35);
    expect(input.value).toBe('12.35');
    focus(input);
    typeInto(input, '1.5 JPY');
    blur(input);
    expect(props.onChange).toHaveBeenLastCalledWith(2);
    focus(input);
    typeInto(input, 'OMR 1.2345');
    blur(input);
    expect(props.onChange).toHaveBeenLastCalledWith(1.235);
    expect(host.textContent).toContain('EUR');
  });
});

describe('lookup widget', () => {
  const lookup = { entity: 'area/kind', textFields: ['Name'], valueField: 'Oid' };

  it('says when the lookup definition is missing', () => {
    const { host } = mount('lookup', { name: 'Unit', options: {} });
    expect(host.textContent).toContain("Lookup 'Unit' missing!");
  });

  it('asks for six entries and shows icons, flags and the too-many text', async () => {
    const source = vi.fn<LookupSource>(async () => ({
      items: [{ value: 1, text: 'Vienna', country: 'AT', icon: 'map-pin' }, { value: 2, text: 'Berlin', country: 'DE' }],
      hasMore: true,
    }));
    const { host, props } = mount('lookup', { options: { lookup }, registry: { formContext: { lookupSource: source } } as WidgetProps['registry'] });
    focus(host.querySelector('input'));
    await settle(10);
    await settle(10);
    expect(source).toHaveBeenCalledWith(lookup, '', 6);
    expect(host.querySelectorAll('[role=option]:not([data-load-more])')).toHaveLength(2);
    expect(host.querySelector('[data-load-more]')?.textContent).toBe('Load more');
    expect(host.textContent).toContain('Too many entries, please refine search.');
    // The flag set loads on first use; under load that can take longer than the options.
    await vi.waitFor(() => expect(host.querySelector('[data-flag=AT]')).not.toBeNull(), { timeout: 5000 });
    const option = host.querySelectorAll('[role=option]')[1]!;
    await settle();
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await settle();
    expect(props.onChange).toHaveBeenLastCalledWith(2);
  });

  it('loads six more with "Load more", reached by the arrow keys and Enter as by the mouse', async () => {
    const all = Array.from({ length: 14 }, (_, i) => ({ value: i + 1, text: `City ${i + 1}` }));
    const source = vi.fn<LookupSource>(async (_lookup, _query, take) => ({ items: all.slice(0, take), hasMore: all.length > take }));
    const { host } = mount('lookup', { options: { lookup }, registry: { formContext: { lookupSource: source } } as WidgetProps['registry'] });
    const input = host.querySelector('input')!;
    focus(input);
    await settle(10);
    expect(host.querySelectorAll('[role=option]:not([data-load-more])')).toHaveLength(6);
    const key = (k: string) => input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    await settle();
    for (let i = 0; i < 6; i++) key('ArrowDown');
    await settle();
    expect(input.getAttribute('aria-activedescendant')).toBe('root_Field__more');
    key('Enter');
    await settle(10);
    await settle(10);
    expect(source).toHaveBeenLastCalledWith(lookup, '', 12);
    expect(host.querySelectorAll('[role=option]:not([data-load-more])')).toHaveLength(12);
    expect(input.getAttribute('aria-activedescendant')).toBe('root_Field__option-6'); // the first of the new six
    host.querySelector('[data-load-more]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await settle(10);
    await settle(10);
    expect(host.querySelectorAll('[role=option]')).toHaveLength(14);
    expect(host.querySelector('[data-load-more]')).toBeNull();
    expect(host.textContent).not.toContain('Too many entries');
  });

  it('says no entry, and asks to adjust a search that found nothing', async () => {
    const source = vi.fn<LookupSource>(async () => ({ items: [], hasMore: false }));
    const { host } = mount('lookup', { options: { lookup }, registry: { formContext: { lookupSource: source } } as WidgetProps['registry'] });
    const input = host.querySelector('input');
    focus(input);
    await settle(10);
    expect(host.textContent).toContain('No entry.');
    typeInto(input, 'zz');
    await settle(250);
    expect(source).toHaveBeenLastCalledWith(lookup, 'zz', 6);
    expect(host.textContent).toContain('No entry, please adjust search.');
  });
});

describe('checkbox and enum widgets', () => {
  // Ark's checkbox machine ignores synthetic clicks in happy-dom: toggling is left to the browser (e2e).
  it('binds a boolean to a checkbox the field label points at, or a switch', () => {
    const { host } = mount('checkbox', { value: true, schema: { type: 'boolean' } });
    expect(host.querySelector('input[type=checkbox]')?.id).toBe('root_Field');
    expect(host.querySelector('[data-part=root]')?.getAttribute('data-state')).toBe('checked');
    mounted!.unmount();
    const toggle = mount('checkbox', { value: false, schema: { type: 'boolean' }, options: { variant: 'switch' } });
    expect(toggle.host.querySelector('[data-scope=switch]')).not.toBeNull();
  });

  it('selects an enum option by its value', () => {
    const enumOptions = [{ value: 1, label: 'Goods' }, { value: 2, label: 'Service' }];
    const { host, props } = mount('enum', { value: 1, schema: { type: 'integer' }, options: { enumOptions } });
    const select = host.querySelector('select')!;
    expect(select.selectedOptions[0]?.textContent).toBe('Goods');
    select.value = '1';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(props.onChange).toHaveBeenLastCalledWith(2);
  });
});

describe('date and time widgets', () => {
  const inLanguage = (locale: string) => ({ registry: { formContext: { locale } } as WidgetProps['registry'] });
  const key = (input: Element, k: string) => act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

  it('shows and reads a date in the UI language, not the browser language', () => {
    const { host, props } = mount('date', { value: '2026-03-07', ...inLanguage('de') });
    const input = host.querySelector('input')!;
    expect(input.value).toBe('07.03.2026');
    expect(input.placeholder).toBe('31.12.2026');
    focus(input);
    typeInto(input, '1.2.2027');
    expect(props.onChange).toHaveBeenLastCalledWith('2027-02-01');
    blur(input);
    expect(input.value).toBe('01.02.2027');
    mounted!.unmount();
    const american = mount('date', { value: '2026-03-07', ...inLanguage('en-US') });
    expect(american.host.querySelector('input')!.value).toBe('03/07/2026');
  });

  it('passes text that is no date on as typed, so validation names it, and stores empty text as null', () => {
    const { host, props } = mount('date', { value: '2026-03-07', ...inLanguage('de') });
    const input = host.querySelector('input')!;
    typeInto(input, '31.02.2026');
    expect(props.onChange).toHaveBeenLastCalledWith('31.02.2026');
    typeInto(input, '');
    expect(props.onChange).toHaveBeenLastCalledWith(null);
  });

  it('steps a date by a day and a time by a minute with the arrow keys', () => {
    const date = mount('date', { value: '2026-02-28', ...inLanguage('de') });
    const input = date.host.querySelector('input')!;
    key(input, 'ArrowUp');
    expect(date.props.onChange).toHaveBeenLastCalledWith('2026-03-01');
    expect(input.value).toBe('01.03.2026');
    mounted!.unmount();
    const time = mount('time', { value: '00:00:00', ...inLanguage('de') });
    key(time.host.querySelector('input')!, 'ArrowDown');
    expect(time.props.onChange).toHaveBeenLastCalledWith('23:59:00');
  });

  it('reads a time with a day period in American English and a date-time in local time', () => {
    const time = mount('time', { value: null, ...inLanguage('en-US') });
    typeInto(time.host.querySelector('input'), '2:30 pm');
    expect(time.props.onChange).toHaveBeenLastCalledWith('14:30:00');
    mounted!.unmount();
    const at = mount('datetime', { value: null, ...inLanguage('de') });
    typeInto(at.host.querySelector('input'), '24.11.2026 14:30');
    expect(at.props.onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 24, 14, 30).toISOString());
  });
});
