/**
 * Validation messages: one translation key per validator, plus a `.detailed` variant that names the
 * parameters (spec 2 §5 "Messages"). The UI translates the keys; this English catalogue is the default.
 */

/** The validators that produce messages. */
export const VALIDATORS = [
  'required', 'unique', 'id', 'numeric', 'integer', 'decimal', 'minLength', 'maxLength', 'min', 'max', 'mayRequired',
  'email', 'url', 'date', 'datetime', 'time', 'pattern', 'enum', 'type', 'unknownField', 'invalid', 'scale',
] as const;

/** A validator name. */
export type Validator = (typeof VALIDATORS)[number];

/** Parameters of a message, inserted for `{name}` placeholders. */
export type MessageParams = Record<string, string | number | boolean | null | undefined>;

/** The translation key of a validator: `validation.<validator>`. */
export function messageKey(validator: string): string {
  return `validation.${validator}`;
}

/** The detailed variant's key: `validation.<validator>.detailed`. */
export function detailedMessageKey(validator: string): string {
  return `${messageKey(validator)}.detailed`;
}

/**
 * The English default catalogue. Detailed variants quote values through `shortenValue`.
 */
export const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  'validation.required': 'A value is required.',
  'validation.required.detailed': '{label} is required.',
  'validation.unique': 'This value is already in use.',
  'validation.unique.detailed': "'{value}' is already in use.",
  'validation.id': 'Use letters and digits, groups joined by single hyphens.',
  'validation.id.detailed': "'{value}' is not a valid id: use letters and digits, groups joined by single hyphens.",
  'validation.numeric': 'Enter a number.',
  'validation.numeric.detailed': "'{value}' is not a number.",
  'validation.integer': 'Enter a whole number.',
  'validation.integer.detailed': "'{value}' is not a whole number.",
  'validation.decimal': 'Enter a decimal number.',
  'validation.decimal.detailed': "'{value}' is not a decimal number.",
  'validation.minLength': 'The text is too short.',
  'validation.minLength.detailed': 'Enter at least {min} characters ({actual} entered).',
  'validation.maxLength': 'The text is too long.',
  'validation.maxLength.detailed': 'Enter at most {max} characters ({actual} entered).',
  'validation.min': 'The value is too small.',
  'validation.min.detailed': 'The value must be at least {min}.',
  'validation.max': 'The value is too large.',
  'validation.max.detailed': 'The value must be at most {max}.',
  'validation.mayRequired': 'Enter a number.',
  'validation.mayRequired.detailed': '{label} needs a number (0 is allowed).',
  'validation.email': 'Enter an e-mail address.',
  'validation.email.detailed': "'{value}' is not an e-mail address.",
  'validation.url': 'Enter a web address.',
  'validation.url.detailed': "'{value}' is not a web address.",
  'validation.date': 'Enter a date.',
  'validation.date.detailed': "'{value}' is not a date (YYYY-MM-DD).",
  'validation.datetime': 'Enter a date and time.',
  'validation.datetime.detailed': "'{value}' is not a date and time.",
  'validation.time': 'Enter a time.',
  'validation.time.detailed': "'{value}' is not a time (HH:MM:SS).",
  'validation.pattern': 'The value has the wrong format.',
  'validation.pattern.detailed': "{label}: '{value}' does not have the expected format ({expected}).",
  'validation.enum': 'Choose one of the options.',
  'validation.enum.detailed': "'{value}' is not one of the options.",
  'validation.type': 'The value has the wrong type.',
  'validation.type.detailed': 'Expected {expected}.',
  'validation.unknownField': 'This field is not known.',
  'validation.unknownField.detailed': "'{field}' is not a field of this record.",
  'validation.invalid': 'The value is not valid.',
  'validation.invalid.detailed': 'The value is not valid: {reason}.',
  // An exact decimal (schemas/exact-decimal.ts) with more digits after the point than its scale: refused, never rounded.
  'validation.scale': 'Too many digits after the decimal point.',
  'validation.scale.detailed': 'Enter at most {scale} digits after the decimal point.',
};

/** How long a quoted value may be before it is shortened. */
const MAX_QUOTED = 12;

/**
 * Shortens a value for quoting in a message: text longer than 12 characters becomes its first 11 characters
 * plus '…'. Non-strings are turned into text first (objects as JSON).
 */
export function shortenValue(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const chars = [...text]; // code points, so an emoji is never cut in half
  return chars.length > MAX_QUOTED ? `${chars.slice(0, 11).join('')}…` : text;
}

/** Looks a key up in a catalogue; undefined when the catalogue lacks it. */
export type Translate = (key: string) => string | undefined;

/**
 * The message of one validator failure: the detailed variant when every placeholder it needs is in `params`,
 * else the plain key, else `fallback` (the validator's own message, e.g. ajv's), else the key itself.
 * `value` params are shortened with `shortenValue`.
 */
export function formatMessage(validator: string, params: MessageParams = {}, translate: Translate = defaultTranslate, fallback?: string): string {
  const detailed = translate(detailedMessageKey(validator));
  if (detailed !== undefined) {
    const filled = fill(detailed, params);
    if (filled !== undefined) return filled;
  }
  const plain = translate(messageKey(validator));
  if (plain !== undefined) return fill(plain, params) ?? plain;
  return fallback ?? messageKey(validator);
}

function defaultTranslate(key: string): string | undefined {
  return DEFAULT_MESSAGES[key];
}

function fill(template: string, params: MessageParams): string | undefined {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      missing = true;
      return '';
    }
    return name === 'value' ? shortenValue(value) : String(value);
  });
  return missing ? undefined : text;
}
