import type { JobDefinition } from './job-definition';

/**
 * A job tests steer (not registered in production): it reports progress 1 of 3, waits until the test opens the
 * gate (or the run is aborted), fails when its parameters say so, else reports 3 of 3. Every run is counted with
 * the instance that ran it.
 */
export function gateJob() {
  const runs: string[] = [];
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const definitionFor = (instance: string): JobDefinition<{ fail?: string }> => ({
    name: 'gate',
    category: 'Test',
    description: 'Waits until the test opens the gate.',
    countUnit: 'steps',
    scope: 'tenant',
    parameterSchema: { type: 'object', properties: { fail: { type: 'string' } } },
    parseParameters: (raw) => (raw ?? {}) as { fail?: string },
    async run({ parameters, progress, signal }) {
      runs.push(instance);
      await progress(1, 3);
      await new Promise<void>((resolve, reject) => {
        void gate.then(resolve);
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
      if (parameters.fail) throw new Error(parameters.fail);
      await progress(3);
    },
  });
  return {
    /** The definition as one instance registers it (runs are counted per instance). */
    definitionFor,
    runs,
    /** Lets every waiting and later run through, until `shut`. */
    release() {
      open();
    },
    shut() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}
