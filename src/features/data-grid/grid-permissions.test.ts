import { describe, expect, it } from 'vitest';
import { gridAbilities } from './grid-permissions';

const all = ['list', 'read', 'create', 'update', 'patch', 'delete'] as const;

describe('grid abilities', () => {
  it('needs both the operation and the permission', () => {
    expect(gridAbilities([...all], { '/p': { Read: true, Create: true, Update: true, Delete: true } }, '/p')).toEqual({ create: true, duplicate: true, update: true, remove: true });
    expect(gridAbilities([...all], { '/p': { Read: true } }, '/p')).toEqual({ create: false, duplicate: false, update: false, remove: false });
    expect(gridAbilities(['list', 'read'], { '/p': { Read: true, Create: true, Update: true, Delete: true } }, '/p')).toEqual({ create: false, duplicate: false, update: false, remove: false });
    expect(gridAbilities([...all], {}, '/p').create).toBe(false);
  });

  it('allows duplicate only with create', () => {
    expect(gridAbilities([...all], { '/p': { Update: true } }, '/p').duplicate).toBe(false);
  });
});
