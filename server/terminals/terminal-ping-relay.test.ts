import { describe, expect, it } from 'vitest';
import { parseRelayMessage } from './terminal-ping-relay';

// Anything on the ping channel is read as data from another process: only well-formed asks and answers count.
describe('the ping relay messages', () => {
  const ask = { kind: 'ask', requestId: 'r1', terminalOid: 7, holder: 'b', from: 'a', timeoutMs: 5000 };
  const answer = { kind: 'answer', requestId: 'r1', to: 'a', outcome: 'answered', roundTripMs: 12 };

  it('reads an ask and an answer, and stays far under the 8000-byte NOTIFY limit', () => {
    expect(parseRelayMessage(JSON.stringify(ask))).toEqual(ask);
    expect(parseRelayMessage(JSON.stringify(answer))).toEqual(answer);
    expect(parseRelayMessage(JSON.stringify({ ...answer, outcome: 'timeout', roundTripMs: null }))).toMatchObject({ outcome: 'timeout', roundTripMs: null });
    const longest = { ...ask, requestId: 'x'.repeat(64), holder: 'x'.repeat(64), from: 'x'.repeat(64), terminalOid: Number.MAX_SAFE_INTEGER };
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeLessThan(8000);
  });

  it('ignores anything else: not JSON, other shapes, an unknown outcome, oversized ids', () => {
    for (const payload of [
      'not json',
      'null',
      '42',
      JSON.stringify({ pushOid: 1, terminalOid: 2 }),
      JSON.stringify({ ...ask, terminalOid: '7' }),
      JSON.stringify({ ...ask, holder: undefined }),
      JSON.stringify({ ...ask, requestId: 'x'.repeat(65) }),
      JSON.stringify({ ...answer, outcome: 'elsewhere' }),
      JSON.stringify({ ...answer, roundTripMs: -1 }),
      JSON.stringify({ ...answer, kind: 'other' }),
    ]) {
      expect(parseRelayMessage(payload), payload).toBeUndefined();
    }
  });
});
