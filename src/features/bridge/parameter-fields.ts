/** One parameter of a job's start form, read from its JSON Schema. */
export interface ParameterField {
  name: string;
  type: 'integer' | 'number' | 'string' | 'boolean' | 'enum';
  title: string | undefined;
  description: string | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  /** For an enum: the values offered. */
  options: readonly (string | number)[];
  defaultValue: unknown;
}

/** Why a typed value is refused; the view words it in the UI language. */
export type ParameterProblem =
  | { kind: 'not-a-number' }
  | { kind: 'not-whole' }
  | { kind: 'out-of-range'; minimum: number | undefined; maximum: number | undefined };

/** What a form field holds as typed: text for the inputs, a flag for a checkbox. */
export type RawValues = Record<string, string | boolean | undefined>;

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const numberOr = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const textOr = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The fields of a parameter schema (an object schema, as the job definitions declare): integer, number, string,
 * boolean and enum properties with their bounds and defaults. A property of any other type is left out: the server
 * then uses its default.
 */
export function parameterFields(schema: Record<string, unknown>): ParameterField[] {
  const fields: ParameterField[] = [];
  for (const [name, raw] of Object.entries(record(schema.properties))) {
    const property = record(raw);
    const options = Array.isArray(property.enum) ? property.enum.filter((value): value is string | number => typeof value === 'string' || typeof value === 'number') : [];
    const type = options.length > 0 ? 'enum' : property.type;
    if (type !== 'integer' && type !== 'number' && type !== 'string' && type !== 'boolean' && type !== 'enum') continue;
    fields.push({
      name,
      type,
      title: textOr(property.title),
      description: textOr(property.description),
      minimum: numberOr(property.minimum),
      maximum: numberOr(property.maximum),
      options,
      defaultValue: property.default,
    });
  }
  return fields;
}

/** The form's first values: each field's default, as text for the inputs. */
export function initialValues(fields: readonly ParameterField[]): RawValues {
  const values: RawValues = {};
  for (const field of fields) {
    if (field.type === 'boolean') values[field.name] = field.defaultValue === true;
    else values[field.name] = field.defaultValue === undefined || field.defaultValue === null ? '' : String(field.defaultValue);
  }
  return values;
}

/** A number as a person types it: digits with an optional sign and one decimal point or comma. */
function parseNumber(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return undefined;
  return Number(normalised);
}

/**
 * The parameters to send from what the form holds, or the problem of each refused field. An empty field is left out
 * (the job's default applies); numbers are checked against the schema's bounds so that the user hears of them at the
 * field, before the server refuses.
 */
export function parseParameters(fields: readonly ParameterField[], raw: RawValues): { parameters: Record<string, unknown>; problems: Record<string, ParameterProblem> } {
  const parameters: Record<string, unknown> = {};
  const problems: Record<string, ParameterProblem> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.type === 'boolean') {
      parameters[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    if (field.type === 'string') parameters[field.name] = text;
    else if (field.type === 'enum') parameters[field.name] = field.options.find((option) => String(option) === text) ?? text;
    else {
      const number = parseNumber(text);
      if (number === undefined) problems[field.name] = { kind: 'not-a-number' };
      else if (field.type === 'integer' && !Number.isInteger(number)) problems[field.name] = { kind: 'not-whole' };
      else if ((field.minimum !== undefined && number < field.minimum) || (field.maximum !== undefined && number > field.maximum))
        problems[field.name] = { kind: 'out-of-range', minimum: field.minimum, maximum: field.maximum };
      else parameters[field.name] = number;
    }
  }
  return { parameters, problems };
}
