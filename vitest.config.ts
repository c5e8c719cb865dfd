import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

// Two projects: pure code and React units run in-process; server tests build the Fastify app
// and call it through inject on PGlite (or PostgreSQL when DATABASE_URL is set).
// On CI a failed test runs once more (see playwright.config.ts); the default reporter marks it "(retry x1)".
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    retry,
    // vitest's default is one worker fewer than the cores: a single one on CI's 2 cores, so a file waiting on
    // PostgreSQL or on a child process left the other core idle. Two: 49 s -> 34 s for five server files on
    // PostgreSQL (docs/testing.md). MATE_VITEST_WORKERS=1 runs the files one at a time.
    maxWorkers: Number(process.env.MATE_VITEST_WORKERS ?? 2),
    projects: [
      {
        // Lingui macros in src/ and renderers/ compile through Babel, as in vite.config.ts.
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: [/\/(src|renderers)\/.*\.[jt]sx?$/] }), lingui()],
        test: {
          name: 'unit',
          include: ['conditions/**/*.test.ts', 'schemas/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // A safety net, not a speed target: some unit tests start tsx or Node child processes, which on a shared
          // 2-core machine under load take far more than vitest's default of 5 s.
          testTimeout: 30_000,
          retry,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // Server test files share their worker's module registry instead of each importing the whole app again:
          // imports were most of the project's time (docs/testing.md). They keep no module state between files
          // (every file builds its own app on its own database) and mock no modules.
          isolate: false,
          // Migrated (and catalogue-synced) template databases, made once per run; createTestDatabase copies them.
          globalSetup: ['server/test-support/test-templates.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
    ],
  },
});
