// Compile time of a synthetic 300-field entity, uncached: the first (cold) compile in this process, then the
// median and p95 of repeated uncached compiles, the record validator's creation (ajv compile) and one validation.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { compileEntityUncached, createRecordValidator, type EntityDocument, type FieldModel } from '../schemas';

/** A 300-field document touching every field type, managed types, enums, effects and tabs. */
export function syntheticDocument(fieldCount = 300): EntityDocument {
  const fields: FieldModel[] = [];
  for (let i = 0; i < fieldCount; i++) {
    const name = `Field${i}`;
    switch (i % 6) {
      case 0: fields.push({ name, type: 'String', required: i % 12 === 0, maxLength: 40, rules: 'maxLength:40' }); break;
      case 1: fields.push({ name, type: 'Number', managedType: 'int32', min: 0, nullable: i % 2 === 1 }); break;
      case 2: fields.push({ name, type: 'Boolean' }); break;
      case 3: fields.push({ name, type: 'Number', managedType: 'int16', usage: 'Enum', options: [1, 2, 3].map((v) => ({ value: v, label: { en: `Option ${v}` } })) }); break;
      case 4: fields.push({ name, type: 'Object', properties: [{ name: 'Street', type: 'String' }, { name: 'Amount', type: 'Number', managedType: 'decimal' }] }); break;
      default: fields.push({ name, type: 'Array', items: { name: 'Item', type: 'String', maxLength: 10 } });
    }
  }
  const effects: NonNullable<EntityDocument['extensions']>['effects'] = {};
  for (let i = 6; i < fieldCount; i += 6) effects[`Field${i}`] = { required: { field: `Field${i - 4}`, op: 'true' }, readonly: { field: `Field${i - 5}`, op: 'positive' } };
  const names = fields.map((f) => f.name);
  return {
    area: 'bench', entity: 'wide', version: 1, label: { en: 'Wide' }, navigation: '/data/bench', scope: 'tenant', fields,
    extensions: {
      effects,
      tabs: [0, 1, 2].map((t) => ({ id: `t${t}`, label: { en: `Tab ${t}` }, groups: [{ id: `g${t}`, fields: names.slice(t * 100, t * 100 + 100) }] })),
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Figures in milliseconds. */
export async function run(): Promise<Record<string, number>> {
  const doc = syntheticDocument();
  let started = performance.now();
  compileEntityUncached(doc, 'en');
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    started = performance.now();
    compileEntityUncached(doc, i % 2 ? 'de' : 'en');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  started = performance.now();
  const validate = createRecordValidator(doc);
  const validatorMs = performance.now() - started;
  const record = compileEntityUncached(doc).emptyRecord;
  started = performance.now();
  for (let i = 0; i < 100; i++) validate(record);
  const validateMs = (performance.now() - started) / 100;
  return {
    fields: doc.fields.length,
    compileColdMs: round(coldMs),
    compileMedianMs: round(percentile(times, 0.5)),
    compileP95Ms: round(percentile(times, 0.95)),
    createValidatorMs: round(validatorMs),
    validateRecordMs: round(validateMs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run();
  for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(24)} ${value}`);
}
