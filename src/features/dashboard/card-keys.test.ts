import { describe, expect, it } from 'vitest';
import { CARD_KEY, isCardKeyOf, PATHS_OF_TOPIC, TURNOVER_PATH } from './card-keys';

describe('the card keys', () => {
  it('makes the turnover stale on documents and not on rates, and leaves other keys alone', () => {
    expect(isCardKeyOf([CARD_KEY, TURNOVER_PATH, 11], PATHS_OF_TOPIC.documents!)).toBe(true);
    expect(isCardKeyOf([CARD_KEY, TURNOVER_PATH, 11], PATHS_OF_TOPIC['exchange-rates']!)).toBe(false);
    expect(isCardKeyOf(TURNOVER_PATH, PATHS_OF_TOPIC.documents!)).toBe(false);
  });
});
