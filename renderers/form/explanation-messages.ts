import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExplanationKey, ExplanationMessages } from '../../conditions';

/**
 * The conditions/ explanation messages (ENGLISH_EXPLANATIONS) as Lingui messages, so the translators see every
 * word of "Read-only because Status equals Closed". Ids are the conditions/ keys plus `.holds` / `.fails`; the
 * English texts are the defaults of conditions/, word for word (a test holds them equal).
 */
const PAIRS: Readonly<Record<ExplanationKey, { holds: MessageDescriptor; fails: MessageDescriptor }>> = {
  'condition.leaf.empty': {
    holds: msg({ id: 'condition.leaf.empty.holds', message: '{field} is empty' }),
    fails: msg({ id: 'condition.leaf.empty.fails', message: '{field} is not empty' }),
  },
  'condition.leaf.null': {
    holds: msg({ id: 'condition.leaf.null.holds', message: '{field} is not set' }),
    fails: msg({ id: 'condition.leaf.null.fails', message: '{field} is set' }),
  },
  'condition.leaf.nullOrEmpty': {
    holds: msg({ id: 'condition.leaf.nullOrEmpty.holds', message: '{field} is not set or empty' }),
    fails: msg({ id: 'condition.leaf.nullOrEmpty.fails', message: '{field} is set and not empty' }),
  },
  'condition.leaf.notEmpty': {
    holds: msg({ id: 'condition.leaf.notEmpty.holds', message: '{field} is set and not empty' }),
    fails: msg({ id: 'condition.leaf.notEmpty.fails', message: '{field} is not set or empty' }),
  },
  'condition.leaf.notNull': {
    holds: msg({ id: 'condition.leaf.notNull.holds', message: '{field} is set' }),
    fails: msg({ id: 'condition.leaf.notNull.fails', message: '{field} is not set' }),
  },
  'condition.leaf.equal': {
    holds: msg({ id: 'condition.leaf.equal.holds', message: '{field} equals {value}' }),
    fails: msg({ id: 'condition.leaf.equal.fails', message: '{field} does not equal {value}' }),
  },
  'condition.leaf.notEqual': {
    holds: msg({ id: 'condition.leaf.notEqual.holds', message: '{field} does not equal {value}' }),
    fails: msg({ id: 'condition.leaf.notEqual.fails', message: '{field} equals {value}' }),
  },
  'condition.leaf.greaterThan': {
    holds: msg({ id: 'condition.leaf.greaterThan.holds', message: '{field} is greater than {value}' }),
    fails: msg({ id: 'condition.leaf.greaterThan.fails', message: '{field} is not greater than {value}' }),
  },
  'condition.leaf.greaterOrEqual': {
    holds: msg({ id: 'condition.leaf.greaterOrEqual.holds', message: '{field} is at least {value}' }),
    fails: msg({ id: 'condition.leaf.greaterOrEqual.fails', message: '{field} is not at least {value}' }),
  },
  'condition.leaf.lessThan': {
    holds: msg({ id: 'condition.leaf.lessThan.holds', message: '{field} is less than {value}' }),
    fails: msg({ id: 'condition.leaf.lessThan.fails', message: '{field} is not less than {value}' }),
  },
  'condition.leaf.lessOrEqual': {
    holds: msg({ id: 'condition.leaf.lessOrEqual.holds', message: '{field} is at most {value}' }),
    fails: msg({ id: 'condition.leaf.lessOrEqual.fails', message: '{field} is not at most {value}' }),
  },
  'condition.leaf.zero': {
    holds: msg({ id: 'condition.leaf.zero.holds', message: '{field} is zero' }),
    fails: msg({ id: 'condition.leaf.zero.fails', message: '{field} is not zero' }),
  },
  'condition.leaf.one': {
    holds: msg({ id: 'condition.leaf.one.holds', message: '{field} is one' }),
    fails: msg({ id: 'condition.leaf.one.fails', message: '{field} is not one' }),
  },
  'condition.leaf.positive': {
    holds: msg({ id: 'condition.leaf.positive.holds', message: '{field} is positive' }),
    fails: msg({ id: 'condition.leaf.positive.fails', message: '{field} is not positive' }),
  },
  'condition.leaf.negative': {
    holds: msg({ id: 'condition.leaf.negative.holds', message: '{field} is negative' }),
    fails: msg({ id: 'condition.leaf.negative.fails', message: '{field} is not negative' }),
  },
  'condition.leaf.true': {
    holds: msg({ id: 'condition.leaf.true.holds', message: '{field} is true' }),
    fails: msg({ id: 'condition.leaf.true.fails', message: '{field} is not true' }),
  },
  'condition.leaf.false': {
    holds: msg({ id: 'condition.leaf.false.holds', message: '{field} is false' }),
    fails: msg({ id: 'condition.leaf.false.fails', message: '{field} is not false' }),
  },
  'condition.all': {
    holds: msg({ id: 'condition.all.holds', message: 'there is nothing to meet' }),
    fails: msg({ id: 'condition.all.fails', message: 'a condition is not met' }),
  },
  'condition.any': {
    holds: msg({ id: 'condition.any.holds', message: 'an alternative is met' }),
    fails: msg({ id: 'condition.any.fails', message: 'there are no alternatives' }),
  },
  'condition.not': {
    holds: msg({ id: 'condition.not.holds', message: 'the negated condition is not met' }),
    fails: msg({ id: 'condition.not.fails', message: 'the negated condition is met' }),
  },
  'condition.invalid': {
    holds: msg({ id: 'condition.invalid.holds', message: 'invalid condition' }),
    fails: msg({ id: 'condition.invalid.fails', message: 'invalid condition' }),
  },
};

const WORDS = {
  and: msg({ id: 'condition.and', comment: 'Joins two reasons; longer lists repeat it: A and B and C', message: '{left} and {right}' }),
  group: msg({ id: 'condition.group', comment: 'A nested group of reasons among other reasons', message: '({text})' }),
  missing: msg({ id: 'condition.value.missing', comment: 'The value of a field the record does not have', message: '(missing)' }),
  none: msg({ id: 'condition.value.none', comment: 'An empty (null) value', message: '(none)' }),
  unprintable: msg({ id: 'condition.value.unprintable', comment: 'A value that cannot be written out', message: '(unprintable)' }),
  emptyText: msg({ id: 'condition.value.emptyText', comment: 'Empty text, in quotation marks', message: '""' }),
} satisfies Record<Exclude<keyof ExplanationMessages, 'pairs'>, MessageDescriptor>;

// Every placeholder is handed back as itself: Lingui gives the template, conditions/ fills it (and shortens values).
const KEEP = { field: '{field}', value: '{value}', actual: '{actual}', left: '{left}', right: '{right}', text: '{text}' };

function build(i18n: I18n): ExplanationMessages {
  // A named object, not a literal in the call: Lingui's extractor reads `i18n._({ ... })` and fails on a spread.
  const say = (descriptor: MessageDescriptor) => {
    const withValues: MessageDescriptor = { ...descriptor, values: KEEP };
    return i18n._(withValues);
  };
  const pairs = Object.fromEntries(Object.entries(PAIRS).map(([key, pair]) => [key, { holds: say(pair.holds), fails: say(pair.fails) }]));
  return {
    pairs: pairs as Record<ExplanationKey, { holds: string; fails: string }>,
    and: say(WORDS.and),
    group: say(WORDS.group),
    missing: say(WORDS.missing),
    none: say(WORDS.none),
    unprintable: say(WORDS.unprintable),
    emptyText: say(WORDS.emptyText),
  };
}

// Per i18n instance and locale, so a form gets the same object (and keeps its effects engine) until the language
// or the loaded catalogue changes: Lingui announces both with 'change', which empties the cache.
const cache = new WeakMap<I18n, Map<string, ExplanationMessages>>();

/** The explanation messages of the active locale of `i18n`, for conditions/ `formatExplanation`. */
export function explanationMessages(i18n: I18n): ExplanationMessages {
  let byLocale = cache.get(i18n);
  if (!byLocale) {
    const created = new Map<string, ExplanationMessages>();
    i18n.on('change', () => created.clear());
    cache.set(i18n, (byLocale = created));
  }
  let messages = byLocale.get(i18n.locale);
  if (!messages) byLocale.set(i18n.locale, (messages = build(i18n)));
  return messages;
}
