import path from 'node:path';
import { bundleServer } from './server-bundle';

/**
 * Transpiles the server once for the run (server-bundle.ts) and tells the workers where it is (they inherit the
 * runner's environment). `MATE_E2E_SERVER=tsx` starts every spec server through tsx instead, as before.
 */
export default async function bundleServerForRun(): Promise<void> {
  if (process.env.MATE_E2E_SERVER === 'tsx') return;
  const begun = Date.now();
  // Inside the project, so the bundle's package imports resolve from its node_modules.
  const outfile = path.resolve('test-results', `e2e-server-${process.env.MATE_E2E_RUN ?? 'adhoc'}`, 'server.mjs');
  process.env.MATE_E2E_SERVER_BUNDLE = await bundleServer(outfile);
  if (process.env.MATE_E2E_TIMING) console.log(`e2e timing: bundled the server in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
}
