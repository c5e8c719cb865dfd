import { describe, expect, it } from 'vitest';
import type { CompiledRowCommand } from '../../../schemas';
import { allowedRowCommands, gridAbilities } from './grid-permissions';

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

describe('row commands', () => {
  const command = (id: string, permission: CompiledRowCommand['permission']): CompiledRowCommand => ({ id, label: id, post: `/api/x/{Oid}/${id}`, permission, results: {} });
  it('are offered only with their permission on the page path', () => {
    const commands = [command('reset', 'Update'), command('report', 'Read')];
    expect(allowedRowCommands(commands, { '/p': { Read: true } }, '/p').map((c) => c.id)).toEqual(['report']);
    expect(allowedRowCommands(commands, { '/p': { Read: true, Update: true } }, '/p').map((c) => c.id)).toEqual(['reset', 'report']);
    expect(allowedRowCommands(commands, { '/other': { Update: true } }, '/p')).toEqual([]);
    expect(allowedRowCommands(undefined, { '/p': { Update: true } }, '/p')).toEqual([]);
  });
});
