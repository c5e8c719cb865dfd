/** What `npm run seed -- ...` was asked to do. */
export interface SeedCliArgs {
  /** Articles to load; undefined: the demo default on an empty database, nothing on a seeded one. */
  articles?: number;
  seed?: number;
  help: boolean;
}

/** A command line the seed CLI cannot run; the message says what is wrong. */
export class SeedCliArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedCliArgsError';
  }
}

/** The usage text. */
export const SEED_USAGE = `Usage: npm run seed -- [--articles N] [--seed S]

  --articles N  on an empty database: seed the demo data with N articles (default 20000);
                on a seeded one: add N more articles to the first child tenant (Mate Deutschland).
                Underscores may group digits: --articles 1_000_000.
  --seed S      the random seed, a whole number (default 4711); the same seed gives the same data.
  --help        this text.

Uses the configured database: DATABASE_URL, or the embedded database in MATE_DATA_DIR (./data).`;

const MAX_ARTICLES = 50_000_000;

function wholeNumber(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || raw.startsWith('--')) throw new SeedCliArgsError(`${flag} needs a value.`);
  const text = raw.replace(/_/g, '');
  if (!/^-?[0-9]+$/.test(text)) throw new SeedCliArgsError(`${flag} must be a whole number, got '${raw}'.`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new SeedCliArgsError(`${flag} must be between ${min} and ${max}, got '${raw}'.`);
  return value;
}

/** Parses the arguments after `--`; accepts `--flag value` and `--flag=value`. */
export function parseSeedArgs(argv: readonly string[]): SeedCliArgs {
  const args: SeedCliArgs = { help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--articles':
        if (args.articles !== undefined) throw new SeedCliArgsError('--articles is given twice.');
        args.articles = wholeNumber('--articles', value(), 0, MAX_ARTICLES);
        break;
      case '--seed':
        if (args.seed !== undefined) throw new SeedCliArgsError('--seed is given twice.');
        args.seed = wholeNumber('--seed', value(), 0, 2 ** 32 - 1);
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new SeedCliArgsError(`Unknown argument '${arg}'.`);
    }
  }
  return args;
}
