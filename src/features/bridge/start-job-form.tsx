import { Button, Checkbox, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { formatNumber } from '../../lib/format/format-number';
import type { BridgeJobDefinition } from './bridge-types';
import { jobTexts } from './job-texts';
import { initialValues, parameterFields, parseParameters, type ParameterField, type ParameterProblem, type RawValues } from './parameter-fields';

interface StartJobFormProps {
  definitions: readonly BridgeJobDefinition[];
  start: (definition: BridgeJobDefinition, parameters: Record<string, unknown>) => Promise<unknown>;
  /** Starting needs the live connection. */
  connected: boolean;
}

/** Chooses a job definition and fills its parameters from the definition's JSON Schema; refusals show beside it. */
export function StartJobForm({ definitions, start, connected }: StartJobFormProps) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState(definitions[0]?.name ?? '');
  const definition = definitions.find((candidate) => candidate.name === name) ?? definitions[0];
  const fields = useMemo(() => (definition ? parameterFields(definition.parameters) : []), [definition]);
  const texts = definition && jobTexts(definitions, definition, i18n.locale);
  const [values, setValues] = useState<RawValues>(() => initialValues(fields));
  const [problems, setProblems] = useState<Record<string, ParameterProblem>>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [started, setStarted] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const choose = (next: string) => {
    const chosen = definitions.find((candidate) => candidate.name === next);
    setName(next);
    setValues(initialValues(chosen ? parameterFields(chosen.parameters) : []));
    setProblems({});
    setRefusal(undefined);
    setStarted(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!definition || busy) return;
    setRefusal(undefined);
    setStarted(undefined);
    const parsed = parseParameters(fields, values);
    setProblems(parsed.problems);
    if (Object.keys(parsed.problems).length > 0) return;
    setBusy(true);
    try {
      const job = (await start(definition, parsed.parameters)) as { oid: number };
      setStarted(t`Started as run ${job.oid}.`);
    } catch (error) {
      // A Completion error of StartBridgeJob: a parameter the server refused, the job already running, no right.
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (definitions.length === 0)
    return (
      <Text color="fg.muted" textStyle="sm">
        <Trans>There is no job you may start here.</Trans>
      </Text>
    );

  return (
    <Stack as="form" gap="3" onSubmit={(event) => void submit(event)} data-testid="start-job-form">
      <Field.Root>
        <Field.Label>
          <Trans>Job</Trans>
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={definition?.name} onChange={(event) => choose(event.currentTarget.value)} data-testid="start-job-name">
            {definitions.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({jobTexts(definitions, candidate, i18n.locale).category})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {definition && <Field.HelperText data-testid="start-job-description">{texts?.description}</Field.HelperText>}
      </Field.Root>
      {fields.map((field) => (
        <ParameterInput key={`${definition?.name}:${field.name}`} field={{ ...field, ...texts?.parameters?.[field.name] }} value={values[field.name]} problem={problems[field.name]} onChange={(value) => setValues((old) => ({ ...old, [field.name]: value }))} />
      ))}
      <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={busy} disabled={!connected} data-testid="start-job-submit">
        <Trans>Start</Trans>
      </Button>
      {!connected && (
        <Text textStyle="sm" color="fg.muted">
          <Trans>Starting a job needs the live connection; it is being established.</Trans>
        </Text>
      )}
      {refusal && (
        <Text color="red.fg" textStyle="sm" role="alert" data-testid="start-job-refusal">
          {refusal}
        </Text>
      )}
      {started && (
        <Text color="green.fg" textStyle="sm" role="status" data-testid="start-job-started">
          {started}
        </Text>
      )}
    </Stack>
  );
}

function useProblemText(): (problem: ParameterProblem) => string {
  const { t, i18n } = useLingui();
  return (problem) => {
    if (problem.kind === 'not-a-number') return t`Enter a number.`;
    if (problem.kind === 'not-whole') return t`Enter a whole number.`;
    const min = problem.minimum === undefined ? undefined : formatNumber(problem.minimum, i18n.locale);
    const max = problem.maximum === undefined ? undefined : formatNumber(problem.maximum, i18n.locale);
    if (min !== undefined && max !== undefined) return t`Enter a value from ${min} to ${max}.`;
    if (min !== undefined) return t`Enter a value of at least ${min}.`;
    return t`Enter a value of at most ${max}.`;
  };
}

/** One parameter's input: a number or text box, a checkbox or a select for an enum. */
function ParameterInput({ field, value, problem, onChange }: { field: ParameterField; value: string | boolean | undefined; problem: ParameterProblem | undefined; onChange: (value: string | boolean) => void }) {
  const { i18n } = useLingui();
  const problemText = useProblemText();
  const label = field.title ?? field.name;
  const bounds =
    field.minimum !== undefined && field.maximum !== undefined ? `${formatNumber(field.minimum, i18n.locale)} – ${formatNumber(field.maximum, i18n.locale)}` : undefined;
  if (field.type === 'boolean')
    return (
      <Checkbox.Root checked={value === true} onCheckedChange={(event) => onChange(event.checked === true)} data-testid={`parameter-${field.name}`}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    );
  return (
    <Field.Root invalid={problem !== undefined}>
      <Field.Label>{label}</Field.Label>
      {field.type === 'enum' ? (
        <NativeSelect.Root>
          <NativeSelect.Field value={String(value ?? '')} onChange={(event) => onChange(event.currentTarget.value)} data-testid={`parameter-${field.name}`}>
            <option value="">—</option>
            {field.options.map((option) => (
              <option key={String(option)} value={String(option)}>
                {String(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          value={String(value ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
          inputMode={field.type === 'string' ? undefined : field.type === 'integer' ? 'numeric' : 'decimal'}
          maxW={field.type === 'string' ? undefined : '40'}
          data-testid={`parameter-${field.name}`}
        />
      )}
      {problem ? <Field.ErrorText data-testid={`parameter-${field.name}-problem`}>{problemText(problem)}</Field.ErrorText> : (field.description || bounds) && <Field.HelperText>{[field.description, bounds && `(${bounds})`].filter(Boolean).join(' ')}</Field.HelperText>}
    </Field.Root>
  );
}
