import { describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../schemas';
import { rendererRegistry, resolveWidget, WIDGETS } from './registry';

describe('renderer registry', () => {
  it('registers a component for every widget name the compiler emits', () => {
    for (const name of WIDGET_NAMES) {
      expect(typeof resolveWidget(name), name).toBe('function');
      expect(rendererRegistry.widgets[name], name).toBe(WIDGETS[name]);
    }
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
  });

  it('throws for an unknown widget name instead of falling back', () => {
    expect(() => resolveWidget('slider')).toThrow(/Unknown widget 'slider'/);
  });

  it('brings the field, object and array templates', () => {
    expect(rendererRegistry.templates.FieldTemplate).toBeTypeOf('function');
    expect(rendererRegistry.templates.ObjectFieldTemplate).toBeTypeOf('function');
    expect(rendererRegistry.templates.ArrayFieldTemplate).toBeTypeOf('function');
  });
});
