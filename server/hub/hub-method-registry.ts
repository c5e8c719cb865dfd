import type { PermissionAction, RequestContext } from '../lib/request-context';

/** Thrown by a method's `parse` or `invoke`: the caller gets it as the Completion's error, the connection stays. */
export class HubMethodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubMethodError';
  }
}

/** What a method may do with the connection that called it. */
export interface HubCaller {
  /** Who calls, resolved afresh for this invocation (revocation and role changes apply at once). */
  context: RequestContext;
  connectionId: string;
  /** Calls a client method on this connection only. */
  send(target: string, args: unknown[]): void;
  /** Aborted when the client cancels the invocation or the connection ends. */
  signal: AbortSignal;
  /**
   * The connection beyond this invocation, for subscriptions: `signal` aborts when it ends, `caller()` is who it
   * belongs to as last resolved (revalidation applies revocation and role changes to later pushes too).
   */
  connection: { signal: AbortSignal; caller(): RequestContext };
}

/** The permission an invocation needs: like an API call, an action on a page path in a tenant. */
export interface HubPermission {
  path: string;
  action: PermissionAction;
  /** Default: the connection's tenant. */
  tenantOid?: number;
}

/**
 * One hub method. `parse` turns the raw arguments into what `invoke` takes and throws HubMethodError naming the
 * bad argument; `permission` says what the call needs (undefined: any signed-in user).
 */
export interface HubMethod<Args = unknown> {
  name: string;
  parse(args: readonly unknown[]): Args;
  permission?(args: Args, context: RequestContext): HubPermission | undefined;
  invoke(args: Args, caller: HubCaller): Promise<unknown> | unknown;
}

/** The methods of the hub, by name. Other parts (jobs, terminals) add theirs with `register`. */
export class HubMethodRegistry {
  private readonly methods = new Map<string, HubMethod<unknown>>();

  register<Args>(method: HubMethod<Args>): void {
    if (this.methods.has(method.name)) throw new Error(`The hub method ${method.name} is registered twice.`);
    this.methods.set(method.name, method as HubMethod<unknown>);
  }

  find(name: string): HubMethod<unknown> | undefined {
    return this.methods.get(name);
  }

  names(): string[] {
    return [...this.methods.keys()].sort();
  }
}

/** Argument helpers for `parse`, so every method words its refusals alike. */
export const hubArguments = {
  /** Refuses more arguments than the method takes. */
  atMost(args: readonly unknown[], count: number, method: string): void {
    if (args.length > count) throw new HubMethodError(`${method} takes at most ${count} argument(s), got ${args.length}.`);
  },
  optionalString(args: readonly unknown[], index: number, name: string, maxLength: number): string | undefined {
    const value = args[index];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw new HubMethodError(`Argument ${index + 1} (${name}) must be a string.`);
    if (value.length > maxLength) throw new HubMethodError(`Argument ${index + 1} (${name}) must be at most ${maxLength} characters.`);
    return value;
  },
  positiveInteger(args: readonly unknown[], index: number, name: string): number {
    const value = args[index];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new HubMethodError(`Argument ${index + 1} (${name}) must be a positive whole number.`);
    return value;
  },
};
