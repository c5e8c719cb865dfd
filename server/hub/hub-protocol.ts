/**
 * The SignalR JSON hub protocol, version 1 (dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md): records end
 * with the record separator 0x1E, and each record is one JSON message whose `type` says what it is. Pure parsing
 * and formatting; the connection decides what to do with a message.
 */

/** Ends every record, the handshake included. */
export const RECORD_SEPARATOR = '\u001e';

/** The message types this hub speaks (2 StreamItem and 4 StreamInvocation are refused: no streaming methods). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** A call from the client; without invocationId it wants no answer. */
export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

/** The client gives up waiting for an invocation. */
export interface CancelInvocationMessage {
  type: 5;
  invocationId: string;
}

/** What a client may send after the handshake. */
export type ClientMessage = InvocationMessage | CancelInvocationMessage | { type: 6 } | { type: 7; error?: string };

/** A message the client sent that breaks the protocol; the connection ends with a Close naming it. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/**
 * Splits received text into complete records. Text after the last separator is an unfinished record and stays in
 * `rest` for the next frame (a record may span WebSocket frames, and one frame may hold several records).
 */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

function parseJsonObject(record: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError(`The ${what} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError(`The ${what} must be a JSON object.`);
  return value as Record<string, unknown>;
}

/** Checks the handshake request; answers the reason it is refused, or undefined when it is accepted. */
export function handshakeError(record: string): string | undefined {
  let request: Record<string, unknown>;
  try {
    request = parseJsonObject(record, 'handshake request');
  } catch (error) {
    return (error as Error).message;
  }
  if (request.protocol !== 'json') return `The protocol '${String(request.protocol)}' is not supported; this hub speaks 'json'.`;
  if (request.version !== 1) return `The protocol version '${String(request.version)}' is not supported; this hub speaks version 1.`;
  return undefined;
}

function optionalId(message: Record<string, unknown>): string | undefined {
  const id = message.invocationId;
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'string' || id === '') throw new ProtocolError("'invocationId' must be a non-empty string.");
  return id;
}

/** Parses one record after the handshake; throws ProtocolError naming what is wrong. */
export function parseClientMessage(record: string): ClientMessage {
  const message = parseJsonObject(record, 'message');
  switch (message.type) {
    case MessageType.Invocation: {
      if (typeof message.target !== 'string' || message.target === '') throw new ProtocolError("An Invocation needs 'target', the method name, as a string.");
      if (!Array.isArray(message.arguments)) throw new ProtocolError(`The Invocation of '${message.target}' needs 'arguments' as an array.`);
      if (Array.isArray(message.streamIds) && message.streamIds.length > 0) throw new ProtocolError('Client-to-server streams are not supported.');
      return { type: 1, invocationId: optionalId(message), target: message.target, arguments: message.arguments };
    }
    case MessageType.CancelInvocation: {
      const id = optionalId(message);
      if (id === undefined) throw new ProtocolError("A CancelInvocation needs 'invocationId'.");
      return { type: 5, invocationId: id };
    }
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close:
      return { type: 7, error: typeof message.error === 'string' ? message.error : undefined };
    case MessageType.StreamItem:
    case MessageType.StreamInvocation:
    case MessageType.Completion:
      throw new ProtocolError(`Message type ${String(message.type)} is not supported by this hub (no streaming, no client results).`);
    default:
      throw new ProtocolError(`Unknown message type '${String(message.type)}'.`);
  }
}

/** One record, ready to send. */
export function record(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** A server-to-client call of a client method (no invocationId: the server never waits for clients). */
export function invocationRecord(target: string, args: unknown[]): string {
  return record({ type: MessageType.Invocation, target, arguments: args });
}

/** The answer to an invocation: a result or an error, never both. */
export function completionRecord(invocationId: string, outcome: { result: unknown } | { error: string }): string {
  if ('error' in outcome) return record({ type: MessageType.Completion, invocationId, error: outcome.error });
  // A method without a result completes without the member (a "void" completion).
  return record(outcome.result === undefined ? { type: MessageType.Completion, invocationId } : { type: MessageType.Completion, invocationId, result: outcome.result });
}

export const PING_RECORD = record({ type: MessageType.Ping });

/** The last message of a connection; allowReconnect tells the client whether trying again may help. */
export function closeRecord(error: string | undefined, allowReconnect: boolean): string {
  return record({ type: MessageType.Close, ...(error ? { error } : {}), ...(allowReconnect ? { allowReconnect: true } : {}) });
}
