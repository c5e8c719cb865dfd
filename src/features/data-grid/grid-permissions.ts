import type { CompiledRowCommand, Operation } from '../../../schemas';
import type { PermissionMap } from '../../lib/navigation/navigation-visibility';

/** What the grid offers for one kind on one page path. */
export interface GridAbilities {
  create: boolean;
  duplicate: boolean;
  update: boolean;
  remove: boolean;
}

/**
 * The commands a user gets: an operation must be offered by the kind and granted on the page path.
 * Duplicate needs create (it is a create with copied values).
 */
export function gridAbilities(operations: readonly Operation[], permissions: PermissionMap, path: string): GridAbilities {
  const granted = permissions[path] ?? {};
  const create = operations.includes('create') && granted.Create === true;
  return {
    create,
    duplicate: create,
    update: operations.includes('update') && granted.Update === true,
    remove: operations.includes('delete') && granted.Delete === true,
  };
}

/** The row commands a user gets: those whose permission the user holds on the page path (the route checks again). */
export function allowedRowCommands(commands: readonly CompiledRowCommand[] | undefined, permissions: PermissionMap, path: string): CompiledRowCommand[] {
  const granted = permissions[path] ?? {};
  return (commands ?? []).filter((command) => granted[command.permission] === true);
}
