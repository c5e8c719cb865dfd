import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { parseSimulatorArgs, SimulatorArgsError, SIMULATOR_USAGE } from './simulator-args';
import { startSimulation } from './terminal-simulator';

// `npm run terminals -- --count N [--rate R] [--url URL]`: demo terminals against a running server (docs/terminals.md).
const time = () => new Date().toISOString().slice(11, 19);
const print = (line: string) => console.log(`${time()} ${line}`);

function main(): void {
  let args;
  try {
    args = parseSimulatorArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof SimulatorArgsError) {
      console.error(`${error.message}\n\n${SIMULATOR_USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  if (args.help) {
    console.log(SIMULATOR_USAGE);
    return;
  }
  print(`${args.count} demo terminal(s) connect to ${args.url}, ${args.rate} receipt(s) per minute each; Ctrl+C stops.`);
  const simulation = startSimulation({ url: args.url, count: args.count, rate: args.rate, secret: args.secret || DEMO_TERMINAL_SECRET, report: print });
  let stopping = false;
  const stop = async (signal: string) => {
    // A second Ctrl+C does not wait for the closes.
    if (stopping) process.exit(130);
    stopping = true;
    print(`${signal}: closing the connections...`);
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    const totals = await simulation.stop();
    print(`stopped: ${totals.connects} connection(s), ${totals.heartbeats} heartbeat(s), ${totals.stored} receipt(s) stored, ${totals.duplicates} resent, ${totals.refused} refused.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main();
