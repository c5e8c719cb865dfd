import type { WidgetProps } from '@rjsf/utils';
import { vi } from 'vitest';
import { resolveWidget } from '../registry';
import { render, type Rendered } from './render';

/** The props rjsf gives a widget, with spies for its callbacks; `overrides` set the case under test. */
export function widgetProps(overrides: Partial<WidgetProps>): WidgetProps {
  return {
    id: 'root_Field',
    name: 'Field',
    label: 'Field',
    value: null,
    schema: { type: ['string', 'null'] },
    options: {},
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: { formContext: {} } as WidgetProps['registry'],
    ...overrides,
  } as WidgetProps;
}

/** Renders the widget registered under `name`; `rerender` passes changed props as rjsf would. */
export function mountWidget(name: string, overrides: Partial<WidgetProps>) {
  const Widget = resolveWidget(name);
  const props = widgetProps(overrides);
  const rendered: Rendered = render(<Widget {...props} />);
  return { props, host: rendered.host, rerender: (next: Partial<WidgetProps>) => rendered.rerender(<Widget {...props} {...next} />), unmount: rendered.unmount };
}
