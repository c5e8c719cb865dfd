import { describe, expect, it } from 'vitest';
import { choiceOfParams, DEFAULT_CHOICE, newSeed, paramsOfChoice } from './sheet-choice';

describe('the scan sheet choice in the URL', () => {
  it('reads count, layout and seed back as written', () => {
    const choice = { count: 40, layout: 'a4-4x10' as const, seed: 1234 };
    expect(choiceOfParams(new URLSearchParams(paramsOfChoice(choice)))).toEqual(choice);
  });

  it('falls back to the default for anything out of range or unknown', () => {
    expect(choiceOfParams(new URLSearchParams('count=0&layout=a3&seed=-4'))).toEqual(DEFAULT_CHOICE);
    expect(choiceOfParams(new URLSearchParams('count=201&seed=99999999999'))).toEqual(DEFAULT_CHOICE);
    expect(choiceOfParams(new URLSearchParams('count=1e3&seed=1.5'))).toEqual(DEFAULT_CHOICE);
  });

  it('draws seeds inside what the server takes', () => {
    expect(newSeed(() => 0)).toBe(0);
    expect(newSeed(() => 0.999999999999)).toBeLessThanOrEqual(2_147_483_647);
  });
});
