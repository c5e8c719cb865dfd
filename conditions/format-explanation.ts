import type { Explanation, ExplanationKey, ExplanationParams } from './explain-condition';

/** The two messages of an explanation key; `{field}`, `{value}`, `{actual}` are replaced. */
export interface ExplanationMessage {
  holds: string;
  fails: string;
}

/**
 * The default English messages, one pair per key. Translation catalogues mirror these keys; for
 * whenAll / whenAny the messages are used only when the node has no children, otherwise the
 * children's messages are joined.
 */
export const ENGLISH_EXPLANATION_MESSAGES: Readonly<Record<ExplanationKey, ExplanationMessage>> = {
  'condition.leaf.empty': { holds: '{field} is empty', fails: '{field} is not empty' },
  'condition.leaf.null': { holds: '{field} is not set', fails: '{field} is set' },
  'condition.leaf.nullOrEmpty': { holds: '{field} is not set or empty', fails: '{field} is set and not empty' },
  'condition.leaf.notEmpty': { holds: '{field} is set and not empty', fails: '{field} is not set or empty' },
  'condition.leaf.notNull': { holds: '{field} is set', fails: '{field} is not set' },
  'condition.leaf.equal': { holds: '{field} equals {value}', fails: '{field} does not equal {value}' },
  'condition.leaf.notEqual': { holds: '{field} does not equal {value}', fails: '{field} equals {value}' },
  'condition.leaf.greaterThan': { holds: '{field} is greater than {value}', fails: '{field} is not greater than {value}' },
  'condition.leaf.greaterOrEqual': { holds: '{field} is at least {value}', fails: '{field} is not at least {value}' },
  'condition.leaf.lessThan': { holds: '{field} is less than {value}', fails: '{field} is not less than {value}' },
  'condition.leaf.lessOrEqual': { holds: '{field} is at most {value}', fails: '{field} is not at most {value}' },
  'condition.leaf.zero': { holds: '{field} is zero', fails: '{field} is not zero' },
  'condition.leaf.one': { holds: '{field} is one', fails: '{field} is not one' },
  'condition.leaf.positive': { holds: '{field} is positive', fails: '{field} is not positive' },
  'condition.leaf.negative': { holds: '{field} is negative', fails: '{field} is not negative' },
  'condition.leaf.true': { holds: '{field} is true', fails: '{field} is not true' },
  'condition.leaf.false': { holds: '{field} is false', fails: '{field} is not false' },
  'condition.all': { holds: 'there is nothing to meet', fails: 'a condition is not met' },
  'condition.any': { holds: 'an alternative is met', fails: 'there are no alternatives' },
  'condition.not': { holds: 'the negated condition is not met', fails: 'the negated condition is met' },
  'condition.invalid': { holds: 'invalid condition', fails: 'invalid condition' },
};

/**
 * Everything `formatExplanation` writes in words, for one language. Templates keep their `{placeholders}`; the
 * defaults are ENGLISH_EXPLANATIONS, a translation (the front end builds one from its catalogue) replaces them all.
 */
export interface ExplanationMessages {
  /** The pair of each key; `{field}`, `{value}`, `{actual}` are replaced. */
  pairs: Readonly<Record<ExplanationKey, ExplanationMessage>>;
  /** Joins two deciding children, `{left}` and `{right}`; longer lists repeat it from the left. */
  and: string;
  /** Wraps a compound child (a nested group of several) among its siblings, `{text}`. */
  group: string;
  /** A missing field's value. */
  missing: string;
  /** A null value. */
  none: string;
  /** A value that cannot be written out (cyclic). */
  unprintable: string;
  /** Empty text. */
  emptyText: string;
}

/** The words of `formatConditionValue`. */
export type ValueWords = Pick<ExplanationMessages, 'missing' | 'none' | 'unprintable' | 'emptyText'>;

/** The English defaults of every message. */
export const ENGLISH_EXPLANATIONS: ExplanationMessages = {
  pairs: ENGLISH_EXPLANATION_MESSAGES,
  and: '{left} and {right}',
  group: '({text})',
  missing: '(missing)',
  none: '(none)',
  unprintable: '(unprintable)',
  emptyText: '""',
};

/**
 * Renders a value for a message: text as is but shortened to 11 characters plus an ellipsis when longer
 * than 12 (the rule of spec 2 for quoted values), `""` for empty text, `(none)` for null, `(missing)` for
 * a missing field, arrays and objects as compact JSON. The words are English unless `words` says otherwise.
 */
export function formatConditionValue(value: unknown, words: ValueWords = ENGLISH_EXPLANATIONS): string {
  let text: string;
  if (value === undefined) return words.missing;
  if (value === null) return words.none;
  if (value === '') return words.emptyText;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'object') {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      return words.unprintable; // cyclic; explanations must not throw
    }
  } else text = String(value);
  return text.length > 12 ? `${text.slice(0, 11)}…` : text;
}

// One pass over the template: text put in (labels, values, children) is never read again for placeholders.
function substitute(template: string, values: Readonly<Record<string, () => string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]!() : whole));
}

/** The label of a field's stored value (a choice's title), or undefined to show the value itself. */
export type ValueLabels = (field: string, value: unknown) => string | undefined;

interface Context {
  labels: (field: string) => string;
  messages: ExplanationMessages;
  valueLabels?: ValueLabels;
}

// A choice's label where there is one ("Kind equals Voucher", not "Kind equals 3"). Labels are written by the schema
// author, like field labels, and stay whole; spec 2 shortens the values it quotes, which users typed.
function shownValue(value: unknown, field: string, context: Context): string {
  const label = value === null || value === undefined ? undefined : context.valueLabels?.(field, value);
  return label ?? formatConditionValue(value, context.messages);
}

function fill(template: string, params: ExplanationParams, context: Context): string {
  const field = params.field ?? '';
  return substitute(template, {
    field: () => context.labels(field),
    value: () => shownValue(params.value, field, context),
    actual: () => shownValue(params.actual, field, context),
  });
}

interface Rendered {
  text: string;
  compound: boolean;
}

function render(explanation: Explanation, context: Context): Rendered {
  const { pairs } = context.messages;
  const message = pairs[explanation.key] ?? pairs['condition.invalid'];
  const children = explanation.children ?? [];
  // A `not` is explained by its child: "not (Status equals Closed)" holds because Status does not equal Closed.
  if (explanation.key === 'condition.not' && children[0]) return render(children[0], context);
  if (explanation.key === 'condition.all' || explanation.key === 'condition.any') {
    const parts = children.map((child) => render(child, context));
    if (parts.length === 1) return parts[0]!;
    if (parts.length > 1) {
      const texts = parts.map((part) => (part.compound ? substitute(context.messages.group, { text: () => part.text }) : part.text));
      const text = texts.reduce((left, right) => substitute(context.messages.and, { left: () => left, right: () => right }));
      return { text, compound: true };
    }
  }
  return { text: fill(explanation.holds ? message.holds : message.fails, explanation.params, context), compound: false };
}

/**
 * Renders an explanation: "Status equals Closed", "Status does not equal Closed". The deciding children are
 * joined with "and" (a failing whenAll lists its failing children, a whenAny that holds names the child that
 * holds), nested groups in parentheses.
 *
 * @param labels maps a field path to the label to show; the path itself by default
 * @param messages the words of the UI language; English by default
 * @param valueLabels the label of a field's value where it has one (a choice's title); the value itself otherwise
 */
export function formatExplanation(
  explanation: Explanation,
  labels: (field: string) => string = (field) => field,
  messages: ExplanationMessages = ENGLISH_EXPLANATIONS,
  valueLabels?: ValueLabels,
): string {
  return render(explanation, { labels, messages, valueLabels }).text;
}
