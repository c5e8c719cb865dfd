// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focus, render, typeInto, type Rendered } from '../../../renderers/test-support/render';
import type { CompiledQueryField } from '../../../schemas';
import { QueryForm } from './query-form';

const FIELDS: CompiledQueryField[] = [
  { field: 'DueDate', label: 'Due date', type: 'String', usage: 'Date' },
  { field: 'LockedAt', label: 'Locked at', type: 'String', usage: 'DateTime' },
  { field: 'TimeFrom', label: 'From time', type: 'String', usage: 'Time' },
  { field: 'Price', label: 'Price', type: 'Number' },
];

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** The query form in a language (German unless told), holding `values`; every change is kept and rendered again, as the grid screen does. */
function mountInGerman(values: Record<string, unknown>, locale = 'de') {
  const onChange = vi.fn();
  const form = (current: Record<string, unknown>) => (
    <QueryForm fields={FIELDS} values={current} q="" onChange={(next) => { onChange(next); rendered!.rerender(form(next)); }} onSubmit={() => undefined}>
      <span />
    </QueryForm>
  );
  rendered = render(form(values));
  act(() => i18n.loadAndActivate({ locale, messages: {} }));
  rendered.rerender(form(values));
  const box = (field: string, bound: 'from' | 'to') => rendered!.host.querySelector<HTMLInputElement>(`[data-query-field="${field}"][data-bound="${bound}"]`)!;
  return { onChange, box };
}

const key = (input: Element, k: string) => act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

describe('the query form date range', () => {
  it('shows the dates of a query in the UI language, not the browser language, in two boxes with their own ids and labels', () => {
    const { box } = mountInGerman({ DueDate: { from: '2020-01-01', to: '2030-12-31' } });
    expect(box('DueDate', 'from').value).toBe('01.01.2020');
    expect(box('DueDate', 'to').value).toBe('31.12.2030');
    expect(box('DueDate', 'from').type).toBe('text');
    expect(box('DueDate', 'from').placeholder).toBe('31.12.2026');
    expect(box('DueDate', 'to').id).toBe('query-DueDate-to');
    expect(box('DueDate', 'from').id).not.toBe(box('DueDate', 'to').id);
    expect(box('DueDate', 'from').getAttribute('aria-label')).toBe('Due date from');
    expect(box('DueDate', 'to').getAttribute('aria-label')).toBe('Due date to');
  });

  it('reads dates typed day first into the ISO days the query sends, a date-time field by whole days too', () => {
    const { box, onChange } = mountInGerman({});
    focus(box('DueDate', 'from'));
    typeInto(box('DueDate', 'from'), '1.1.2020');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { from: '2020-01-01' } });
    focus(box('LockedAt', 'to')); // leaving the first box writes its date the way German does
    expect(box('DueDate', 'from').value).toBe('01.01.2020');
    typeInto(box('LockedAt', 'to'), '31.12.2030');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { from: '2020-01-01' }, LockedAt: { to: '2030-12-31' } });
  });

  it('keeps text that is no date yet while typing, marks it invalid and leaves that end of the range open', () => {
    const { box, onChange } = mountInGerman({ DueDate: { from: '2020-01-01' } });
    const from = box('DueDate', 'from');
    focus(from);
    typeInto(from, '31.12.');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { from: '' } });
    expect(from.value).toBe('31.12.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    typeInto(from, '31.12.2019');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { from: '2019-12-31' } });
    expect(from.hasAttribute('aria-invalid')).toBe(false);
  });

  it('steps a day with the arrow keys', () => {
    const { box, onChange } = mountInGerman({ DueDate: { to: '2026-02-28' } });
    key(box('DueDate', 'to'), 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { to: '2026-03-01' } });
    expect(box('DueDate', 'to').value).toBe('01.03.2026');
    key(box('DueDate', 'to'), 'ArrowDown');
    key(box('DueDate', 'to'), 'ArrowDown');
    expect(onChange).toHaveBeenLastCalledWith({ DueDate: { to: '2026-02-27' } });
  });
});

describe('the query form time range', () => {
  const normalSpaces = (text: string) => text.replace(/\s/gu, ' ');

  it('is two text boxes in the UI language, not native time inputs: 24 hours in German, a day period in American English', () => {
    const german = mountInGerman({ TimeFrom: { from: '14:30:00', to: '18:00:00' } });
    expect(german.box('TimeFrom', 'from').type).toBe('text');
    expect(german.box('TimeFrom', 'from').value).toBe('14:30');
    expect(german.box('TimeFrom', 'to').value).toBe('18:00');
    expect(german.box('TimeFrom', 'from').placeholder).toBe('23:59');
    expect(german.box('TimeFrom', 'to').id).toBe('query-TimeFrom-to');
    rendered!.unmount();
    const american = mountInGerman({ TimeFrom: { from: '14:30:00' } }, 'en-US');
    expect(normalSpaces(american.box('TimeFrom', 'from').value)).toBe('2:30 PM');
    expect(normalSpaces(american.box('TimeFrom', 'from').placeholder)).toBe('11:59 PM');
  });

  it('reads times typed as the language writes them into the ISO times (HH:mm:ss) the query sends', () => {
    const german = mountInGerman({});
    focus(german.box('TimeFrom', 'from'));
    typeInto(german.box('TimeFrom', 'from'), '705');
    expect(german.onChange).toHaveBeenLastCalledWith({ TimeFrom: { from: '07:05:00' } });
    focus(german.box('TimeFrom', 'to')); // leaving the box writes the time the way German does
    expect(german.box('TimeFrom', 'from').value).toBe('7:05');
    rendered!.unmount();
    const american = mountInGerman({}, 'en-US');
    focus(american.box('TimeFrom', 'to'));
    typeInto(american.box('TimeFrom', 'to'), '2:30 pm');
    expect(american.onChange).toHaveBeenLastCalledWith({ TimeFrom: { to: '14:30:00' } });
  });

  it('reads number bounds typed with Arabic-Indic digits and the Arabic decimal separator as the digits they are', () => {
    const arabic = mountInGerman({}, 'ar');
    typeInto(arabic.box('Price', 'from'), '١٢٫٥');
    expect(arabic.box('Price', 'from').value).toBe('12.5');
    typeInto(arabic.box('Price', 'to'), '۹۹');
    expect(arabic.onChange).toHaveBeenLastCalledWith({ Price: { from: '12.5', to: '99' } });
  });

  it('reads Arabic-Indic digits in Arabic', () => {
    const arabic = mountInGerman({}, 'ar');
    focus(arabic.box('TimeFrom', 'from'));
    typeInto(arabic.box('TimeFrom', 'from'), '٢:٣٠ م');
    expect(arabic.onChange).toHaveBeenLastCalledWith({ TimeFrom: { from: '14:30:00' } });
  });

  it('marks text that is no time invalid and leaves that end open', () => {
    const { box, onChange } = mountInGerman({ TimeFrom: { from: '08:00:00' } });
    focus(box('TimeFrom', 'from'));
    typeInto(box('TimeFrom', 'from'), '25:00');
    expect(onChange).toHaveBeenLastCalledWith({ TimeFrom: { from: '' } });
    expect(box('TimeFrom', 'from').getAttribute('aria-invalid')).toBe('true');
  });

  it('steps a minute with the arrow keys', () => {
    const { box, onChange } = mountInGerman({ TimeFrom: { to: '17:59:00' } });
    key(box('TimeFrom', 'to'), 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith({ TimeFrom: { to: '18:00:00' } });
    expect(box('TimeFrom', 'to').value).toBe('18:00');
    key(box('TimeFrom', 'to'), 'ArrowDown');
    key(box('TimeFrom', 'to'), 'ArrowDown');
    expect(onChange).toHaveBeenLastCalledWith({ TimeFrom: { to: '17:58:00' } });
  });
});
