// Sign-in figures: latency of the token endpoint (argon2id dominates) and how many guesses the throttle and back-off let through.
import { performance } from 'node:perf_hooks';
import { addUser, basic, createIdentityTestApp } from '../server/identity/identity-test-app';
import { DEFAULT_THROTTLE_LIMITS } from '../server/identity/sign-in-throttle';

const URL = '/api/v1-pub/auth/user/token.json';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Whether an answer checked the password (40102) rather than refusing before hashing (429, back-off 40103). */
const guessed = (response: { body: string }): boolean => response.body.includes('"error_code":"40102"');

/** N sequential sign-ins in process (inject), then one simulated minute of attempts against the default throttle. */
export async function run(): Promise<Record<string, number>> {
  const n = 60;
  const figures: Record<string, number> = {};

  // Latency: throttle opened wide so every call does the full work.
  const open = await createIdentityTestApp({ throttleLimits: { perAddress: { capacity: 1e6, perMinute: 1e6 } } });
  try {
    await addUser(open.database, 'bench', 'bench-password');
    const times: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      const started = performance.now();
      const response = await open.app.inject({ method: 'GET', url: URL, headers: { authorization: basic('bench', 'bench-password') } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      if (i >= 5) times.push(performance.now() - started); // first calls warm up
    }
    times.sort((a, b) => a - b);
    figures.signInCount = n;
    figures.signInP50Ms = Math.round(percentile(times, 50) * 10) / 10;
    figures.signInP95Ms = Math.round(percentile(times, 95) * 10) / 10;
  } finally {
    await open.close();
  }

  // Throttle: one attempt every 100 ms for one simulated minute (clock injected, so no waiting).
  const limited = await createIdentityTestApp({ throttleLimits: DEFAULT_THROTTLE_LIMITS });
  try {
    await addUser(limited.database, 'target', 'target-password');
    let oneUserOneAddress = 0;
    let oneAddressManyUsers = 0;
    for (let i = 0; i < 600; i++) {
      const a = await limited.app.inject({ method: 'GET', url: URL, headers: { authorization: basic('target', `guess-${i}`) }, remoteAddress: '10.9.0.1' });
      if (guessed(a)) oneUserOneAddress++;
      const b = await limited.app.inject({ method: 'GET', url: URL, headers: { authorization: basic(`name${i}`, `guess-${i}`) }, remoteAddress: '10.9.0.2' });
      if (guessed(b)) oneAddressManyUsers++;
      limited.clock.advance(100);
    }
    figures.throttleAttemptsPerMinuteOneUser = oneUserOneAddress;
    figures.throttleAttemptsPerMinuteOneAddress = oneAddressManyUsers;
  } finally {
    await limited.close();
  }
  return figures;
}
