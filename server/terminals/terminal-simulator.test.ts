import { describe, expect, it } from 'vitest';
import { parseReceipt } from './terminal-documents';
import { simulatedDocument, simulatedReceipt, type SimulatedTill } from './terminal-simulator';

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

  it('sends every kind in a run: a deposit first, returns and cancellations naming its sales, an end of day every 50th', () => {
    for (const [currency, rates] of [['EUR', [19, 7, 0]], ['CHF', [8.1, 3.8, 2.6, 0]], ['JPY', [10, 8]]] as const) {
      const till: SimulatedTill = { sales: [], sinceEndOfDay: [] };
      const random = seeded(11);
      const sent = Array.from({ length: 400 }, (_, index) => simulatedDocument(index + 1, till, currency, random, rates));
      for (const document of sent) expect(() => parseReceipt(JSON.parse(JSON.stringify(document))), `${currency} ${document.number} ${document.kind}`).not.toThrow();
      expect(sent[0]!.kind).toBe('cash-deposit');
      expect(new Set(sent.map((document) => document.kind ?? 'sale'))).toEqual(new Set(['cash-deposit', 'sale', 'return', 'cancellation', 'cash-withdrawal', 'end-of-day']));
      const ids = new Set<string>();
      for (const document of sent) {
        if (document.references) expect(ids.has(document.references), `${document.kind} ${document.number}`).toBe(true);
        ids.add(document.id);
        for (const line of document.lines) expect([...rates, 0]).toContain(line.taxRate);
      }
      expect(sent.filter((document) => document.kind === 'end-of-day').map((document) => document.number)).toEqual([50, 100, 150, 200, 250, 300, 350, 400]);
    }
  });
});
