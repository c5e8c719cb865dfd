// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupSource } from '../form-context';
import { resolveWidget } from '../registry';
import { render, type Rendered } from '../test-support/render';
import { widgetProps } from '../test-support/mount-widget';

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

function boxOf(name: string, overrides: Partial<WidgetProps>): HTMLElement {
  const Widget = resolveWidget(name);
  mounted = render(<Widget {...widgetProps(overrides)} />);
  const box = mounted.host.querySelector<HTMLElement>('input, textarea');
  if (!box) throw new Error(`${name} has no input`);
  return box;
}

// In a right-to-left page a value without Arabic letters ('20-0000003', '19.5') must keep its order: the box
// takes the direction of its own text.
describe('value boxes take the direction of their value', () => {
  const lookupSource = vi.fn<LookupSource>(async () => ({ items: [], hasMore: false }));
  const cases: Array<[string, Partial<WidgetProps>]> = [
    ['text', { value: '20-0000003' }],
    ['multiline', { value: 'A-1\nB-2' }],
    ['id', { value: '4006381333931' }],
    ['number', { value: 19.5, schema: { type: 'number' } }],
    ['currency', { value: 4.1, schema: { type: 'number' } }],
    ['lookup', { value: 7, options: { lookup: { entity: 'area/kind', textFields: ['Name'], valueField: 'Oid' } }, registry: { formContext: { lookupSource } } as WidgetProps['registry'] }],
  ];
  for (const [name, overrides] of cases) {
    it(name, () => {
      expect(boxOf(name, overrides).getAttribute('dir')).toBe('auto');
    });
  }
});
