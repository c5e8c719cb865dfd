import { describe, expect, it } from 'vitest';
import { conditionFields } from './condition-fields';

describe('conditionFields', () => {
  it('lists the distinct paths read, in order of first appearance', () => {
    const condition = {
      whenAll: [
        { field: 'Kind', op: 'equal' as const, value: 2 },
        { whenAny: [{ field: 'Address.City', op: 'empty' as const }, { not: { field: 'Kind', op: 'zero' as const } }] },
        { field: 'Active', op: 'true' as const },
      ],
    };
    expect(conditionFields(condition)).toEqual(['Kind', 'Address.City', 'Active']);
  });
  it('is empty for conditions that read nothing', () => {
    expect(conditionFields({ whenAll: [] })).toEqual([]);
    expect(conditionFields({ not: { whenAny: [] } })).toEqual([]);
  });
});
