// Condition evaluations per second: a realistic nested editor condition, compiled once and evaluated over
// varied records, against the tree-walking evaluateCondition and explainCondition. Figures only.
// Run alone with `npx tsx bench/condition-eval.bench.ts`, or through `npm run bench condition-eval`.
import { pathToFileURL } from 'node:url';
import { compileCondition, evaluateCondition, explainCondition, type Condition } from '../conditions';

/** "Read-only when closed and paid in Switzerland, or a big return with tags, unless it is a draft." */
const CONDITION: Condition = {
  whenAll: [
    {
      whenAny: [
        {
          whenAll: [
            { field: 'Status', op: 'equal', value: 'Closed' },
            { field: 'Paid', op: 'true' },
            { field: 'Customer.Address.Country', op: 'equal', value: 'CH' },
          ],
        },
        {
          whenAll: [
            { field: 'Total', op: 'lessThan', value: -100 },
            { field: 'Tags', op: 'notEmpty' },
            { not: { field: 'Reason', op: 'nullOrEmpty' } },
          ],
        },
        { field: 'Lines', op: 'equal', value: [] },
      ],
    },
    { not: { field: 'Kind', op: 'equal', value: 9 } },
    { field: 'Created', op: 'greaterOrEqual', value: '2024-01-01' },
  ],
};

function makeRecords(count: number): Record<string, unknown>[] {
  const statuses = ['Open', 'Closed', 'Parked', ''];
  const countries = ['CH', 'DE', 'IT', undefined];
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    records.push({
      Status: statuses[i % statuses.length],
      Paid: i % 3 === 0,
      Customer: i % 7 === 0 ? null : { Address: { Country: countries[i % countries.length], City: 'Bern' } },
      Total: ((i * 37) % 400) - 200 + 0.25,
      Tags: i % 5 === 0 ? [] : ['return', 'damaged'],
      Reason: i % 4 === 0 ? null : 'Broken',
      Lines: i % 11 === 0 ? [] : [{ Article: i }],
      Kind: i % 10,
      Created: `${i % 2 ? 2024 : 2023}-${String((i % 12) + 1).padStart(2, '0')}-15T10:00:00.000Z`,
    });
  }
  return records;
}

/** Runs `body` over the records for about `ms` milliseconds and answers calls per second. */
function throughput(records: Record<string, unknown>[], body: (record: Record<string, unknown>) => boolean, ms: number): { perSecond: number; holding: number } {
  let calls = 0;
  let holding = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const record of records) if (body(record)) holding++;
    calls += records.length;
    elapsed = performance.now() - started;
  }
  return { perSecond: Math.round((calls / elapsed) * 1000), holding };
}

/** Evaluations per second (compiled, interpreted, explained) and compilations per second. */
export async function run(): Promise<Record<string, number>> {
  const records = makeRecords(1000);
  const compiled = compileCondition(CONDITION);
  for (const record of records) {
    if (compiled(record) !== evaluateCondition(CONDITION, record)) throw new Error('compiled and interpreted answers differ');
  }
  throughput(records, compiled, 200); // warm-up
  const compiledRun = throughput(records, compiled, 1000);
  const interpretedRun = throughput(records, (record) => evaluateCondition(CONDITION, record), 1000);
  const explainedRun = throughput(records, (record) => explainCondition(CONDITION, record).holds, 500);
  let compiles = 0;
  const started = performance.now();
  while (performance.now() - started < 500) {
    compileCondition(CONDITION);
    compiles++;
  }
  const compileSeconds = (performance.now() - started) / 1000;
  return {
    compiledEvalsPerSec: compiledRun.perSecond,
    interpretedEvalsPerSec: interpretedRun.perSecond,
    explainsPerSec: explainedRun.perSecond,
    compilesPerSec: Math.round(compiles / compileSeconds),
    holdingPerThousandRecords: records.filter((record) => compiled(record)).length,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run();
  for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(28)} ${value.toLocaleString('en-US')}`);
}
