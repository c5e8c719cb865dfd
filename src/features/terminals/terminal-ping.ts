/** What the browser knows of a ping it sent to a terminal (PingRequest with the terminal, answered by NotifyResponse). */
export type PingState =
  | { state: 'waiting'; note: string; sentAt: number }
  | { state: 'answered'; roundTripMs: number }
  | { state: 'timeout' }
  | { state: 'disconnected' }
  | { state: 'refused'; message: string };

/** NotifyResponse for a terminal ping (docs/terminals.md "Ping"): any instance pings it, wherever it is connected. */
export interface TerminalNotifyResponse {
  note: string | null;
  terminalOid?: number;
  outcome?: string;
  roundTripMs?: number | null;
}

const UNANSWERED = ['timeout', 'disconnected'] as const;
const isUnanswered = (outcome: string): outcome is (typeof UNANSWERED)[number] => (UNANSWERED as readonly string[]).includes(outcome);

export type PingStates = ReadonlyMap<number, PingState>;

/** A ping sent: the row waits for the answer named by `note`. */
export function pingSent(states: PingStates, terminalOid: number, note: string, sentAt: number): Map<number, PingState> {
  return new Map(states).set(terminalOid, { state: 'waiting', note, sentAt });
}

/**
 * A NotifyResponse applied: only the answer to the ping the row waits for counts (an older ping's late answer does
 * not overwrite a newer one). The round trip shown is the browser's: from sending the PingRequest to the answer,
 * which includes the server's trip to the terminal.
 */
export function pingAnswered(states: PingStates, response: TerminalNotifyResponse, receivedAt: number): PingStates {
  if (response.terminalOid === undefined || !response.outcome) return states;
  const waiting = states.get(response.terminalOid);
  if (waiting?.state !== 'waiting' || waiting.note !== response.note) return states;
  const next = new Map(states);
  // An outcome this page does not know (a server of another version): the row forgets the ping and offers it again.
  if (response.outcome !== 'answered' && !isUnanswered(response.outcome)) {
    next.delete(response.terminalOid);
    return next;
  }
  const outcome: PingState = response.outcome === 'answered' ? { state: 'answered', roundTripMs: Math.max(0, Math.round(receivedAt - waiting.sentAt)) } : { state: response.outcome };
  return next.set(response.terminalOid, outcome);
}

/** The hub refused the PingRequest (no permission, the hub away): the row says why. */
export function pingRefused(states: PingStates, terminalOid: number, note: string, message: string): PingStates {
  const waiting = states.get(terminalOid);
  if (waiting?.state !== 'waiting' || waiting.note !== note) return states;
  return new Map(states).set(terminalOid, { state: 'refused', message });
}
