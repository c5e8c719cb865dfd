// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../test-support/render';
import { resolveWidget } from '../registry';
import { widgetProps } from '../test-support/mount-widget';

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

function mount(overrides: Partial<WidgetProps>) {
  const Widget = resolveWidget('time-zone');
  const props = widgetProps(overrides);
  mounted = render(<Widget {...props} />);
  return { props, select: mounted.host.querySelector('select')! };
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('time zone widget', () => {
  it('offers the zones grouped by region with their offsets, and stores the chosen zone by name', () => {
    const { props, select } = mount({ value: null });
    expect(select.value).toBe('');
    const tokyo = select.querySelector('optgroup[label="Asia"] option[value="Asia/Tokyo"]');
    expect(tokyo?.textContent).toMatch(/^Tokyo \(GMT\+09:00\)$/);
    expect(select.querySelector('optgroup[label="America"] option[value="America/New_York"]')?.textContent).toMatch(/^New York \(GMT-0[45]:00\)$/);
    expect(select.querySelector('option[value="UTC"]')).not.toBeNull();
    choose(select, 'Asia/Tokyo');
    expect(props.onChange).toHaveBeenLastCalledWith('Asia/Tokyo');
    choose(select, '');
    expect(props.onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps a stored zone the list lacks (an alias) selectable, and a required field has no blank choice once set', () => {
    const alias = mount({ value: 'US/Eastern' });
    expect(alias.select.value).toBe('US/Eastern');
    mounted!.unmount();
    const required = mount({ value: 'Europe/Berlin', required: true });
    expect(required.select.value).toBe('Europe/Berlin');
    expect(required.select.querySelector('option[value=""]')).toBeNull();
  });
});
