import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * Pings between instances (docs/terminals.md "Ping"): the instance a PingRequest reaches may not hold the terminal's
 * socket. It NOTIFYs an `ask` naming the terminal and the instance that holds it; the holder pings the terminal and
 * NOTIFYs the `answer` back. Ids and numbers only, far under the 8000-byte payload limit. The asking side gives up
 * after its timeout, so a lost notification or a holder that died ends as `timeout`, never as a hanging invocation.
 */
export const TERMINAL_PING_CHANNEL = 'mate_terminal_pings';

/** How a ping ended, as NotifyResponse tells it. */
export type TerminalPingOutcome = 'answered' | 'timeout' | 'disconnected';

export interface TerminalPingAnswer {
  outcome: TerminalPingOutcome;
  /** The holder's round trip to the terminal (answered only). */
  roundTripMs: number | null;
}

/** Asks the instance `holder` to ping `terminalOid`; `from` hears the answer under `requestId`. */
interface PingAsk {
  kind: 'ask';
  requestId: string;
  terminalOid: number;
  holder: string;
  from: string;
  timeoutMs: number;
}

/** The holder's answer to an ask, for the instance `to`. */
interface PingReply extends TerminalPingAnswer {
  kind: 'answer';
  requestId: string;
  to: string;
}

type RelayMessage = PingAsk | PingReply;

const OUTCOMES: readonly string[] = ['answered', 'timeout', 'disconnected'] satisfies TerminalPingOutcome[];
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A relay message, or undefined for anything else on the channel (never trusted further than its shape). */
export function parseRelayMessage(payload: string): RelayMessage | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || !isText(value.requestId)) return undefined;
  if (value.kind === 'ask' && isCount(value.terminalOid) && isText(value.holder) && isText(value.from) && isCount(value.timeoutMs)) {
    return { kind: 'ask', requestId: value.requestId, terminalOid: value.terminalOid, holder: value.holder, from: value.from, timeoutMs: value.timeoutMs };
  }
  if (value.kind === 'answer' && isText(value.to) && typeof value.outcome === 'string' && OUTCOMES.includes(value.outcome) && (value.roundTripMs === null || isCount(value.roundTripMs))) {
    return { kind: 'answer', requestId: value.requestId, to: value.to, outcome: value.outcome as TerminalPingOutcome, roundTripMs: value.roundTripMs };
  }
  return undefined;
}

export interface TerminalPingRelayOptions {
  db: Database;
  instanceId: string;
  /** Pings a terminal whose socket this instance holds (`disconnected` when it holds none). */
  pingHere(terminalOid: number, timeoutMs: number): Promise<TerminalPingAnswer>;
  /** A failure that costs one ping its answer (the asker then hears `timeout`). */
  warn(error: unknown, message: string): void;
}

/** One instance's end of the ping relay: it asks holders and answers asks for the terminals it holds. */
export class TerminalPingRelay {
  private readonly pending = new Map<string, (answer: TerminalPingAnswer) => void>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: TerminalPingRelayOptions) {}

  async start(): Promise<void> {
    this.unlisten = await this.options.db.listen(TERMINAL_PING_CHANNEL, (payload) => this.received(payload));
  }

  /** Asks `holder` to ping the terminal; resolves with its answer, or `timeout` after `timeoutMs` whatever happens. */
  ask(terminalOid: number, holder: string, timeoutMs: number): Promise<TerminalPingAnswer> {
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const done = (answer: TerminalPingAnswer) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(answer);
      };
      const timer = setTimeout(() => done({ outcome: 'timeout', roundTripMs: null }), timeoutMs);
      this.pending.set(requestId, done);
      const ask: PingAsk = { kind: 'ask', requestId, terminalOid, holder, from: this.options.instanceId, timeoutMs };
      // A NOTIFY that fails is a lost notification: the timer ends the ping.
      this.options.db.notify(TERMINAL_PING_CHANNEL, JSON.stringify(ask)).catch((error: unknown) => this.options.warn(error, 'terminal: a ping could not be relayed to the instance holding the terminal'));
    });
  }

  /** Stops listening; pings still waiting end as `timeout` now rather than holding the shutdown. */
  async close(): Promise<void> {
    for (const done of [...this.pending.values()]) done({ outcome: 'timeout', roundTripMs: null });
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }

  private received(payload: string): void {
    const message = parseRelayMessage(payload);
    if (message?.kind === 'answer' && message.to === this.options.instanceId) {
      this.pending.get(message.requestId)?.({ outcome: message.outcome, roundTripMs: message.roundTripMs });
    } else if (message?.kind === 'ask' && message.holder === this.options.instanceId) {
      void this.answer(message);
    }
  }

  /** Pings the terminal held here and sends the outcome back to the asking instance. */
  private async answer(ask: PingAsk): Promise<void> {
    try {
      const answer = await this.options.pingHere(ask.terminalOid, ask.timeoutMs);
      const reply: PingReply = { kind: 'answer', requestId: ask.requestId, to: ask.from, ...answer };
      await this.options.db.notify(TERMINAL_PING_CHANNEL, JSON.stringify(reply));
    } catch (error) {
      this.options.warn(error, 'terminal: the answer to a relayed ping could not be sent back');
    }
  }
}
