import { describe, expect, it } from 'vitest';
import { closeButtonKind, conflictRows, isDirty, newSession, storedSession } from './editor-session';

describe('editor session', () => {
  it('reads Close when read-only or saved and unchanged, else Cancel', () => {
    const stored = storedSession({ Oid: 1, ETag: '"1-1"', Name: 'a' });
    expect(stored.etag).toBe('"1-1"');
    expect(closeButtonKind(stored, false)).toBe('close');
    const changed = { ...stored, value: { ...stored.value, Name: 'b' } };
    expect(isDirty(changed)).toBe(true);
    expect(closeButtonKind(changed, false)).toBe('cancel');
    expect(closeButtonKind(changed, true)).toBe('close');
    expect(closeButtonKind(newSession({ Oid: 5, Name: 'x' }), false)).toBe('cancel');
  });

  it('starts a new record without key or version', () => {
    expect(newSession({ Oid: 5, ETag: '"5-1"', Name: 'x' }).value).toEqual({ Oid: null, ETag: null, Name: 'x' });
  });

  it('sets mine and theirs side by side and marks the differences', () => {
    expect(conflictRows(['Oid', 'Name', 'Price', 'Tags'], { Oid: 1, Name: 'a', Price: 1, Tags: ['x'] }, { Oid: 1, Name: 'b', Price: 1, Tags: ['x'] })).toEqual([
      { field: 'Name', mine: 'a', theirs: 'b', differs: true },
      { field: 'Price', mine: 1, theirs: 1, differs: false },
      { field: 'Tags', mine: ['x'], theirs: ['x'], differs: false },
    ]);
  });
});
