import { HubMethodError, hubArguments, type HubCaller, type HubMethod } from './hub-method-registry';

/** The message a PingRequest is answered with. */
export const NOTIFY_RESPONSE = 'NotifyResponse';

/** Answers a PingRequest that names a terminal; set by the terminal endpoint when it is registered. */
export type TerminalPingHandler = (terminalOid: number, note: string | null, caller: HubCaller) => Promise<void>;

/** Where PingRequest finds the terminal endpoint (registered after the hub). */
export interface PingTargets {
  terminal?: TerminalPingHandler;
}

/**
 * PingRequest(note?, terminalOid?): the caller hears NotifyResponse { note, instanceId, answeredAt } on its own
 * connection, which proves the whole round trip (invocation in, server message out), not just the socket. With a
 * terminal, the terminal itself is asked over its socket and the NotifyResponse says how it answered
 * (docs/terminals.md "Ping").
 */
export function pingRequest(instanceId: string, now: () => number = Date.now, targets: PingTargets = {}): HubMethod<{ note: string | undefined; terminalOid: number | undefined }> {
  return {
    name: 'PingRequest',
    parse(args) {
      hubArguments.atMost(args, 2, 'PingRequest');
      const note = hubArguments.optionalString(args, 0, 'note', 200);
      const terminalOid = args[1] === undefined || args[1] === null ? undefined : hubArguments.positiveInteger(args, 1, 'terminalOid');
      return { note, terminalOid };
    },
    async invoke({ note, terminalOid }, caller) {
      if (terminalOid === undefined) {
        caller.send(NOTIFY_RESPONSE, [{ note: note ?? null, instanceId, answeredAt: new Date(now()).toISOString() }]);
        return;
      }
      if (!targets.terminal) throw new HubMethodError('This server has no terminal endpoint to ping a terminal through.');
      await targets.terminal(terminalOid, note ?? null, caller);
    },
  };
}
