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
];

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** The query form in German, holding `values`; every change is kept and rendered again, as the grid screen does. */
function mountInGerman(values: Record<string, unknown>) {
  const onChange = vi.fn();
  const form = (current: Record<string, unknown>) => (
    <QueryForm fields={FIELDS} values={current} q="" onChange={(next) => { onChange(next); rendered!.rerender(form(next)); }} onSubmit={() => undefined}>
      <span />
    </QueryForm>
  );
  rendered = render(form(values));
  act(() => i18n.loadAndActivate({ locale: 'de', messages: {} }));
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
