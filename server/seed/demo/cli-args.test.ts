import { describe, expect, it } from 'vitest';
import { parseSeedArgs, SeedCliArgsError } from './cli-args';

describe('parseSeedArgs', () => {
  it('reads articles and seed in both spellings', () => {
    expect(parseSeedArgs(['--articles', '1_000_000', '--seed=42'])).toEqual({ articles: 1_000_000, seed: 42, help: false });
    expect(parseSeedArgs([])).toEqual({ help: false });
    expect(parseSeedArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--articles'], '--articles needs a value.'],
    [['--articles', '--seed', '1'], '--articles needs a value.'],
    [['--articles', 'many'], "--articles must be a whole number, got 'many'."],
    [['--articles', '-5'], "--articles must be between 0 and 50000000, got '-5'."],
    [['--seed', '1.5'], "--seed must be a whole number, got '1.5'."],
    [['--articles', '1', '--articles', '2'], '--articles is given twice.'],
    [['--rows', '5'], "Unknown argument '--rows'."],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(new SeedCliArgsError(message));
  });
});
