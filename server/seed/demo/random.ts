/** A small deterministic random source: the same seed gives the same sequence on every machine. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A number in [min, max) rounded to `decimals` places. */
  decimal(min: number, max: number, decimals: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of a list, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** Mixes any number of integers into one 32-bit seed (FNV-1a over their bytes, then a finaliser). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const whole = Math.trunc(part);
    // Low and high 32 bits, so numbers past 2^32 (article numbers of large loads) still mix in full.
    for (let word of [whole >>> 0, Math.floor(whole / 0x1_0000_0000) >>> 0]) {
      for (let i = 0; i < 4; i += 1) {
        h ^= word & 0xff;
        h = Math.imul(h, 0x01000193);
        word >>>= 8;
      }
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A seed from text, so a section of the demo data ("customers/DE") draws from a sequence of its own. */
export function seedOf(seed: number, label: string): number {
  return mixSeed(seed, ...Array.from(label, (c) => c.codePointAt(0)!));
}

/**
 * mulberry32: tiny, fast and well distributed enough for demo data. Each section of the seed gets its own
 * generator (seedOf), so adding a record to one kind does not shift the data of every kind after it.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    decimal: (min, max, decimals) => Number((min + next() * (max - min)).toFixed(decimals)),
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: (p) => next() < p,
    sample: <T>(items: readonly T[], count: number) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
  };
}
