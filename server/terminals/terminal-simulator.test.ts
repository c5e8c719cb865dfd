import { describe, expect, it } from 'vitest';
import { parseReceipt } from './terminal-documents';
import { simulatedReceipt } from './terminal-simulator';

/** A seeded generator, so that a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe("the simulator's receipts", () => {
  it('pass the receipt schema and its sums in every demo currency', () => {
    for (const currency of ['EUR', 'CHF', 'CZK', 'JPY']) {
      for (let seed = 1; seed <= 200; seed += 1) {
        const receipt = simulatedReceipt(seed, currency, seeded(seed));
        expect(() => parseReceipt(receipt), `${currency} seed ${seed}`).not.toThrow();
        expect(receipt.currency).toBe(currency);
      }
    }
  });

  it('prices yen without decimals', () => {
    const receipt = simulatedReceipt(1, 'JPY', seeded(7));
    expect(receipt.lines.every((line) => Number.isInteger(line.unitPrice) && Number.isInteger(line.amount))).toBe(true);
    expect(Number.isInteger(receipt.total)).toBe(true);
  });
});
