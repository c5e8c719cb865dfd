import { describe, expect, it } from 'vitest';
import { parseSimulatorArgs } from './simulator-args';

describe('the simulator command line', () => {
  it('reads count, rate, url and secret, with defaults', () => {
    expect(parseSimulatorArgs(['--count', '3'])).toEqual({ count: 3, rate: 6, url: 'http://127.0.0.1:8080', secret: '', help: false });
    expect(parseSimulatorArgs(['--count=2', '--rate', '0.5', '--url', 'http://localhost:3000/', '--secret', 's'])).toEqual({ count: 2, rate: 0.5, url: 'http://localhost:3000', secret: 's', help: false });
    expect(parseSimulatorArgs(['--count', '1'], { MATE_URL: 'https://mate.example', MATE_TERMINAL_SECRET: 'x' })).toMatchObject({ url: 'https://mate.example', secret: 'x' });
    expect(parseSimulatorArgs(['--help']).help).toBe(true);
  });

  it('says what is wrong with a bad command line', () => {
    expect(() => parseSimulatorArgs([])).toThrow('--count is required');
    expect(() => parseSimulatorArgs(['--count', '0'])).toThrow("--count must be a whole number from 1 to 999, got '0'.");
    expect(() => parseSimulatorArgs(['--count', '2.5'])).toThrow('whole number');
    expect(() => parseSimulatorArgs(['--count', '2', '--rate', '-1'])).toThrow("--rate must be a number from 0 to 600, got '-1'.");
    expect(() => parseSimulatorArgs(['--count', '2', '--url', 'ftp://x'])).toThrow('--url must be an http(s) URL');
    expect(() => parseSimulatorArgs(['--count', '2', '--count', '3'])).toThrow('--count is given twice.');
    expect(() => parseSimulatorArgs(['--count'])).toThrow('--count needs a value.');
    expect(() => parseSimulatorArgs(['--count', '2', '--verbose'])).toThrow("Unknown argument '--verbose'.");
  });
});
