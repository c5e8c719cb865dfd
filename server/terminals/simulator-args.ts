/** What `npm run terminals -- ...` was asked to do. */
export interface SimulatorArgs {
  count: number;
  /** Receipts per minute per terminal; 0: heartbeats only. */
  rate: number;
  /** The server, e.g. http://127.0.0.1:8080. */
  url: string;
  /** The secret of the demo terminals. */
  secret: string;
  help: boolean;
}

/** A command line the simulator cannot run; the message says what is wrong. */
export class SimulatorArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorArgsError';
  }
}

export const MAX_SIMULATED_TERMINALS = 999;

/** The usage text. */
export const SIMULATOR_USAGE = `Usage: npm run terminals -- --count N [--rate R] [--url URL] [--secret S]

  --count N   how many demo terminals connect: demo-pos-001 ... (1 to ${MAX_SIMULATED_TERMINALS}; the demo data has
              one per seeded POS terminal, spread over the tenants).
  --rate R    receipts per minute per terminal, a number from 0 (heartbeats only) to 600 (default 6).
  --url URL   the server (default http://127.0.0.1:8080, or MATE_URL).
  --secret S  the terminals' secret (default: the demo data's, or MATE_TERMINAL_SECRET).
  --help      this text.

Stops on Ctrl+C: every terminal closes its connection, then a summary is printed.`;

function numberArg(flag: string, raw: string | undefined, min: number, max: number, whole: boolean): number {
  if (raw === undefined || raw.startsWith('--')) throw new SimulatorArgsError(`${flag} needs a value.`);
  const value = Number(raw.replace(/_/g, ''));
  if (raw.trim() === '' || !Number.isFinite(value) || (whole && !Number.isInteger(value)) || value < min || value > max) {
    throw new SimulatorArgsError(`${flag} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}, got '${raw}'.`);
  }
  return value;
}

function urlArg(raw: string | undefined): string {
  if (raw === undefined || raw.startsWith('--')) throw new SimulatorArgsError('--url needs a value.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SimulatorArgsError(`--url must be an http(s) URL like http://127.0.0.1:8080, got '${raw}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SimulatorArgsError(`--url must be an http(s) URL like http://127.0.0.1:8080, got '${raw}'.`);
  return url.origin;
}

/** Parses the arguments after `--`; accepts `--flag value` and `--flag=value`. */
export function parseSimulatorArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): SimulatorArgs {
  const given = new Set<string>();
  const args: SimulatorArgs = { count: 0, rate: 6, url: env.MATE_URL ? urlArg(env.MATE_URL) : 'http://127.0.0.1:8080', secret: env.MATE_TERMINAL_SECRET ?? '', help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag.startsWith('--') && flag !== '--help' && given.has(flag)) throw new SimulatorArgsError(`${flag} is given twice.`);
    given.add(flag);
    switch (flag) {
      case '--count':
        args.count = numberArg('--count', value(), 1, MAX_SIMULATED_TERMINALS, true);
        break;
      case '--rate':
        args.rate = numberArg('--rate', value(), 0, 600, false);
        break;
      case '--url':
        args.url = urlArg(value());
        break;
      case '--secret': {
        const secret = value();
        if (secret === undefined || secret === '') throw new SimulatorArgsError('--secret needs a value.');
        args.secret = secret;
        break;
      }
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new SimulatorArgsError(`Unknown argument '${arg}'.`);
    }
  }
  if (!args.help && args.count === 0) throw new SimulatorArgsError('--count is required: how many demo terminals connect.');
  return args;
}
