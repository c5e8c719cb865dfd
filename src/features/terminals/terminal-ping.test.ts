import { describe, expect, it } from 'vitest';
import { pingAnswered, pingRefused, pingSent } from './terminal-ping';

describe('the ping state of a terminal row', () => {
  it('waits after sending, then shows the browser-side round trip of the answer to that ping', () => {
    const waiting = pingSent(new Map(), 7, 'n1', 1000);
    expect(waiting.get(7)).toEqual({ state: 'waiting', note: 'n1', sentAt: 1000 });
    const answered = pingAnswered(waiting, { note: 'n1', terminalOid: 7, outcome: 'answered', roundTripMs: 3 }, 1042.4);
    expect(answered.get(7)).toEqual({ state: 'answered', roundTripMs: 42 });
  });

  it('shows a timeout and a disconnected terminal as such', () => {
    for (const outcome of ['timeout', 'disconnected'] as const) {
      const states = pingAnswered(pingSent(new Map(), 7, 'n1', 0), { note: 'n1', terminalOid: 7, outcome, roundTripMs: null }, 5000);
      expect(states.get(7)).toEqual({ state: outcome });
    }
  });

  it('forgets the ping on an outcome it does not know (the old elsewhere: pings now reach every instance), so it can be sent again', () => {
    const waiting = pingSent(pingSent(new Map(), 8, 'n0', 0), 7, 'n1', 0);
    const forgotten = pingAnswered(waiting, { note: 'n1', terminalOid: 7, outcome: 'elsewhere', roundTripMs: null }, 5000);
    expect(forgotten.has(7)).toBe(false);
    expect(forgotten.get(8)).toEqual({ state: 'waiting', note: 'n0', sentAt: 0 });
  });

  it('ignores the late answer of an older ping, a plain hub ping and another terminal', () => {
    const newer = pingSent(pingSent(new Map(), 7, 'n1', 0), 7, 'n2', 10);
    expect(pingAnswered(newer, { note: 'n1', terminalOid: 7, outcome: 'answered', roundTripMs: 1 }, 20)).toBe(newer);
    expect(pingAnswered(newer, { note: 'n2' }, 20)).toBe(newer);
    expect(pingAnswered(newer, { note: 'n2', terminalOid: 8, outcome: 'answered', roundTripMs: 1 }, 20)).toBe(newer);
  });

  it('says why the hub refused the ping, for the ping it refused only', () => {
    const waiting = pingSent(new Map(), 7, 'n1', 0);
    expect(pingRefused(waiting, 7, 'n1', 'Not permitted: Read on /service/terminals.').get(7)).toEqual({ state: 'refused', message: 'Not permitted: Read on /service/terminals.' });
    expect(pingRefused(waiting, 7, 'n0', 'late')).toBe(waiting);
  });
});
