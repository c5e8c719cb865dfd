import type { ServerLogAppended } from '../../schemas/server-log-wire';
import { HubMethodError, hubArguments, type HubCaller, type HubMethod } from '../hub/hub-method-registry';
import { mayReadServerLog, SERVER_LOG_PATH } from './server-log-access';
import type { ServerLogBuffer } from './server-log-buffer';
import type { ServerLogInstance } from './server-log-instance';
import type { ServerLogRecord } from './server-log-record';

/** The hub message with new log lines. */
export const SERVER_LOG_APPENDED = 'ServerLogAppended';

/** Lines arrive in batches at most this often, so a busy server does not send a message per line. */
export const SERVER_LOG_PUSH_INTERVAL_MS = 250;
/** Most lines one batch carries; a reader that sees `afterSeq` beyond what it has reads the rest with GET. */
export const SERVER_LOG_MAX_BATCH = 500;

/** The argument of ServerLogAppended (schemas/server-log-wire.ts). */
export type ServerLogAppendedMessage = ServerLogAppended;

/**
 * SubscribeServerLog and UnsubscribeServerLog, and the throttled push of new lines to subscribed connections whose
 * user may read the log (checked again at every push, so a revoked right stops the lines at once).
 */
export function createServerLogHub(buffer: ServerLogBuffer, instance: ServerLogInstance, intervalMs = SERVER_LOG_PUSH_INTERVAL_MS) {
  const subscribers = new Map<string, HubCaller>();
  let pending: ServerLogRecord[] = [];
  let sentUpTo = buffer.lastSeq;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    if (pending.length === 0) return;
    const records = pending.slice(-SERVER_LOG_MAX_BATCH);
    pending = [];
    const lastSeq = records[records.length - 1]!.seq;
    const message: ServerLogAppendedMessage = { instanceId: instance.id, afterSeq: records[0]!.seq - 1, lastSeq, records };
    sentUpTo = lastSeq;
    for (const caller of subscribers.values()) {
      if (mayReadServerLog(caller.connection.caller())) caller.send(SERVER_LOG_APPENDED, [message]);
    }
  };

  const stopListening = buffer.subscribe((record) => {
    if (subscribers.size === 0) {
      sentUpTo = record.seq;
      return;
    }
    pending.push(record);
    if (pending.length > SERVER_LOG_MAX_BATCH * 2) pending = pending.slice(-SERVER_LOG_MAX_BATCH);
    if (!timer) {
      timer = setTimeout(flush, intervalMs);
      timer.unref();
    }
  });

  const subscribe: HubMethod<undefined> = {
    name: 'SubscribeServerLog',
    parse(args) {
      hubArguments.atMost(args, 0, 'SubscribeServerLog');
      return undefined;
    },
    invoke(_args, caller): { instance: ServerLogInstance; lastSeq: number } {
      if (!mayReadServerLog(caller.context)) throw new HubMethodError(`Not permitted: Read on ${SERVER_LOG_PATH} in the Global column.`);
      if (!caller.connection.signal.aborted && !subscribers.has(caller.connectionId)) {
        subscribers.set(caller.connectionId, caller);
        caller.connection.signal.addEventListener('abort', () => subscribers.delete(caller.connectionId), { once: true });
      }
      // Lines up to here are read with GET; the pushes continue from the last one already sent or pending.
      return { instance, lastSeq: pending.length > 0 ? pending[0]!.seq - 1 : sentUpTo };
    },
  };

  const unsubscribe: HubMethod<undefined> = {
    name: 'UnsubscribeServerLog',
    parse(args) {
      hubArguments.atMost(args, 0, 'UnsubscribeServerLog');
      return undefined;
    },
    invoke(_args, caller) {
      subscribers.delete(caller.connectionId);
    },
  };

  return {
    methods: [subscribe, unsubscribe],
    subscriberCount: () => subscribers.size,
    close() {
      stopListening();
      clearTimeout(timer);
      subscribers.clear();
    },
  };
}
