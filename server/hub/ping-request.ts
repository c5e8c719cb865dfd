import { hubArguments, type HubMethod } from './hub-method-registry';

/** The message a PingRequest is answered with. */
export const NOTIFY_RESPONSE = 'NotifyResponse';

/**
 * PingRequest(note?): the caller hears NotifyResponse { note, instanceId, answeredAt } on its own connection,
 * which proves the whole round trip (invocation in, server message out), not just the socket.
 */
export function pingRequest(instanceId: string, now: () => number = Date.now): HubMethod<string | undefined> {
  return {
    name: 'PingRequest',
    parse(args) {
      hubArguments.atMost(args, 1, 'PingRequest');
      return hubArguments.optionalString(args, 0, 'note', 200);
    },
    invoke(note, caller) {
      caller.send(NOTIFY_RESPONSE, [{ note: note ?? null, instanceId, answeredAt: new Date(now()).toISOString() }]);
    },
  };
}
