// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../test-support/mount-widget';
import { settle } from '../test-support/render';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

const enumOptions = [{ value: 1, label: 'Line item' }, { value: 2, label: 'Whole document' }, { value: 3, label: 'Both' }];

function mount(overrides: Parameters<typeof mountWidget>[1]) {
  const mounted = mountWidget('radio', { schema: { type: 'integer' }, options: { enumOptions }, ...overrides });
  unmount = mounted.unmount;
  const radios = () => [...mounted.host.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  return { ...mounted, radios };
}

describe('radio widget', () => {
  it('shows every option as a radio of one named group, the stored value checked', () => {
    const { host, radios } = mount({ value: 2, htmlName: 'root_AppliesTo' });
    expect(radios().map((radio) => radio.checked)).toEqual([false, true, false]);
    expect(new Set(radios().map((radio) => radio.name))).toEqual(new Set(['root_AppliesTo'])); // one Tab stop, arrows move within
    expect([...host.querySelectorAll('[data-part=item-text]')].map((text) => text.textContent)).toEqual(['Line item', 'Whole document', 'Both']);
  });

  it('is a radio group named by the field label, which points at the chosen option', () => {
    const { host, radios } = mount({ value: 3, required: true });
    const group = host.querySelector('[role=radiogroup]')!;
    expect(group.getAttribute('aria-labelledby')).toBe('field::root_Field::label');
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(radios()[2]!.id).toBe('root_Field');
    expect(radios().filter((radio) => radio.id === 'root_Field')).toHaveLength(1);
    // Each option is read with its own text.
    const first = radios()[0]!;
    expect(host.querySelector(`[id="${first.getAttribute('aria-labelledby')}"]`)?.textContent).toBe('Line item');
  });

  it('lets the label point at the first option while nothing is chosen', () => {
    const { radios } = mount({ value: null });
    expect(radios().every((radio) => !radio.checked)).toBe(true);
    expect(radios()[0]!.id).toBe('root_Field');
  });

  it('stores the value of the option clicked, a number stays a number', async () => {
    const { props, radios } = mount({ value: 1 });
    act(() => radios()[1]!.click());
    await settle();
    expect(props.onChange).toHaveBeenLastCalledWith(2);
  });

  it('cannot be changed when read-only or disabled', async () => {
    const readonly = mount({ value: 1, readonly: true });
    expect(readonly.radios().every((radio) => radio.disabled)).toBe(true);
    expect(readonly.host.querySelector('[role=radiogroup]')?.getAttribute('aria-readonly')).toBe('true');
    act(() => readonly.radios()[2]!.click());
    await settle();
    expect(readonly.props.onChange).not.toHaveBeenCalled();
    unmount!();
    const disabled = mount({ value: 1, disabled: true });
    expect(disabled.radios().every((radio) => radio.disabled)).toBe(true);
    expect(disabled.host.querySelector('[role=radiogroup]')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('greys out the options listed in enumDisabled', () => {
    const { radios } = mount({ value: 1, options: { enumOptions, enumDisabled: [3] } });
    expect(radios().map((radio) => radio.disabled)).toEqual([false, false, true]);
  });
});
