import type { BridgeJob, BridgeJobDefinition, JobTexts } from '../../../schemas/bridge-wire';

type Described = Pick<BridgeJob, 'name' | 'category' | 'description' | 'countUnit'>;

/**
 * A job's words in the UI language: the definition's texts for the language (then English), else the English strings
 * every run carries (spec 2 §3). Runs are matched to their definition by name; a job this user may not start has no
 * definition here and keeps its English strings.
 */
export function jobTexts(definitions: readonly BridgeJobDefinition[], job: Described, locale: string): JobTexts {
  const definition = definitions.find((candidate) => candidate.name === job.name);
  const texts = definition?.texts[locale.split('-')[0]!] ?? definition?.texts.en;
  return {
    category: texts?.category ?? job.category,
    description: texts?.description ?? job.description,
    countUnit: texts?.countUnit ?? job.countUnit ?? '',
    parameters: texts?.parameters ?? {},
  };
}
