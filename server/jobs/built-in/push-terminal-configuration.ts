import { deliveredPushes, logMissedPush, queueConfigurationPushes } from '../../terminals/terminal-configuration';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';
import { terminalTables } from './terminal-tables';

const configurationTables = (tables: { pos: string; tenant?: string }) => ({ posTable: tables.pos, tenantTable: tables.tenant });

/** How often the job looks whether the instances holding the terminals have delivered (a database read). */
const CHECK_MS = 200;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/**
 * push-terminal-configuration { waitSeconds }: sends the current configuration to every connected terminal of the
 * tenant, whichever instance holds its socket (server/terminals/terminal-configuration.ts), and waits up to
 * `waitSeconds` for the deliveries; progress in terminals delivered of those connected. Each terminal's log gets a
 * `configuration` line, delivered or not. The run fails when a terminal did not get it (it went away meanwhile),
 * naming the terminal numbers. Started by ForcePosClassicSync or a schedule.
 */
export const pushTerminalConfiguration: JobDefinition<{ waitSeconds: number }> = {
  name: 'push-terminal-configuration',
  category: 'Terminals',
  description: "Sends the current configuration to the tenant's connected terminals and waits until each has received it.",
  countUnit: 'terminals',
  scope: 'tenant',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { waitSeconds: { type: 'integer', minimum: 1, maximum: 300, default: 30 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['waitSeconds']);
    return { waitSeconds: jobParameters.integer(values, 'waitSeconds', 1, 300, 30) };
  },
  async run({ db, catalogue, tenantOid, jobOid, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('The configuration is pushed per tenant; this run has none.');
    const pushes = await queueConfigurationPushes(db, configurationTables(terminalTables(catalogue)), tenantOid, jobOid, now());
    await progress(0, pushes.length);
    // Real time, not the runner's clock: the wait is for other processes' sockets.
    const deadline = Date.now() + parameters.waitSeconds * 1000;
    let delivered = new Set<number>();
    for (;;) {
      delivered = await deliveredPushes(db, pushes.map((push) => push.pushOid));
      await progress(delivered.size);
      if (delivered.size === pushes.length || Date.now() >= deadline) break;
      await pause(CHECK_MS, signal);
    }
    const missed = pushes.filter((push) => !delivered.has(push.pushOid));
    for (const push of missed) await logMissedPush(db, { ...push, tenantOid, jobOid }, `the terminal did not take it within ${parameters.waitSeconds} s`);
    if (missed.length > 0) {
      throw new Error(`${missed.length} of ${pushes.length} terminal(s) did not receive the configuration within ${parameters.waitSeconds} s: terminal number(s) ${missed.map((push) => push.terminalNumber).join(', ')}.`);
    }
  },
};
