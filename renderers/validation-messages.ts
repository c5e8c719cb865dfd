import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_MESSAGES, type Translate } from '../schemas';

/**
 * The schemas/ validation catalogue (DEFAULT_MESSAGES) as Lingui messages with the same keys as ids, so the
 * translators see every validator message. Apostrophes are doubled because Lingui reads ICU, where a single one
 * quotes the placeholder after it.
 */
const VALIDATION_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  'validation.required': msg({ id: "validation.required", message: "A value is required." }),
  'validation.required.detailed': msg({ id: "validation.required.detailed", message: "{label} is required." }),
  'validation.unique': msg({ id: "validation.unique", message: "This value is already in use." }),
  'validation.unique.detailed': msg({ id: "validation.unique.detailed", message: "''{value}'' is already in use." }),
  'validation.id': msg({ id: "validation.id", message: "Use letters and digits, groups joined by single hyphens." }),
  'validation.id.detailed': msg({ id: "validation.id.detailed", message: "''{value}'' is not a valid id: use letters and digits, groups joined by single hyphens." }),
  'validation.numeric': msg({ id: "validation.numeric", message: "Enter a number." }),
  'validation.numeric.detailed': msg({ id: "validation.numeric.detailed", message: "''{value}'' is not a number." }),
  'validation.integer': msg({ id: "validation.integer", message: "Enter a whole number." }),
  'validation.integer.detailed': msg({ id: "validation.integer.detailed", message: "''{value}'' is not a whole number." }),
  'validation.decimal': msg({ id: "validation.decimal", message: "Enter a decimal number." }),
  'validation.decimal.detailed': msg({ id: "validation.decimal.detailed", message: "''{value}'' is not a decimal number." }),
  'validation.minLength': msg({ id: "validation.minLength", message: "The text is too short." }),
  'validation.minLength.detailed': msg({ id: "validation.minLength.detailed", message: "Enter at least {min} characters ({actual} entered)." }),
  'validation.maxLength': msg({ id: "validation.maxLength", message: "The text is too long." }),
  'validation.maxLength.detailed': msg({ id: "validation.maxLength.detailed", message: "Enter at most {max} characters ({actual} entered)." }),
  'validation.min': msg({ id: "validation.min", message: "The value is too small." }),
  'validation.min.detailed': msg({ id: "validation.min.detailed", message: "The value must be at least {min}." }),
  'validation.max': msg({ id: "validation.max", message: "The value is too large." }),
  'validation.max.detailed': msg({ id: "validation.max.detailed", message: "The value must be at most {max}." }),
  'validation.mayRequired': msg({ id: "validation.mayRequired", message: "Enter a number." }),
  'validation.mayRequired.detailed': msg({ id: "validation.mayRequired.detailed", message: "{label} needs a number (0 is allowed)." }),
  'validation.email': msg({ id: "validation.email", message: "Enter an e-mail address." }),
  'validation.email.detailed': msg({ id: "validation.email.detailed", message: "''{value}'' is not an e-mail address." }),
  'validation.url': msg({ id: "validation.url", message: "Enter a web address." }),
  'validation.url.detailed': msg({ id: "validation.url.detailed", message: "''{value}'' is not a web address." }),
  'validation.date': msg({ id: "validation.date", message: "Enter a date." }),
  'validation.date.detailed': msg({ id: "validation.date.detailed", message: "''{value}'' is not a date (YYYY-MM-DD)." }),
  'validation.datetime': msg({ id: "validation.datetime", message: "Enter a date and time." }),
  'validation.datetime.detailed': msg({ id: "validation.datetime.detailed", message: "''{value}'' is not a date and time." }),
  'validation.time': msg({ id: "validation.time", message: "Enter a time." }),
  'validation.time.detailed': msg({ id: "validation.time.detailed", message: "''{value}'' is not a time (HH:MM:SS)." }),
  'validation.pattern': msg({ id: "validation.pattern", message: "The value has the wrong format." }),
  'validation.pattern.detailed': msg({ id: "validation.pattern.detailed", message: "{label}: ''{value}'' does not have the expected format ({expected})." }),
  'validation.enum': msg({ id: "validation.enum", message: "Choose one of the options." }),
  'validation.enum.detailed': msg({ id: "validation.enum.detailed", message: "''{value}'' is not one of the options." }),
  'validation.type': msg({ id: "validation.type", message: "The value has the wrong type." }),
  'validation.type.detailed': msg({ id: "validation.type.detailed", message: "Expected {expected}." }),
  'validation.unknownField': msg({ id: "validation.unknownField", message: "This field is not known." }),
  'validation.unknownField.detailed': msg({ id: "validation.unknownField.detailed", message: "''{field}'' is not a field of this record." }),
  'validation.invalid': msg({ id: "validation.invalid", message: "The value is not valid." }),
  'validation.invalid.detailed': msg({ id: "validation.invalid.detailed", message: "The value is not valid: {reason}." }),
  'validation.scale': msg({ id: "validation.scale", message: "Too many digits after the decimal point." }),
  'validation.scale.detailed': msg({ id: "validation.scale.detailed", message: "Enter at most {scale} digits after the decimal point." }),
};

/**
 * A `Translate` for schemas/ `formatMessage`: the message template of a key in the active language, with its
 * `{placeholders}` kept for `formatMessage` to fill (and shorten quoted values).
 */
export function validationTranslate(i18n: I18n): Translate {
  return (key) => {
    const descriptor = VALIDATION_MESSAGES[key];
    if (!descriptor) return undefined;
    // Each placeholder is handed back as itself, so the template survives Lingui's interpolation.
    const keep = Object.fromEntries([...(DEFAULT_MESSAGES[key] ?? '').matchAll(/\{(\w+)\}/g)].map((match) => [match[1], `{${match[1]}}`]));
    const withValues: MessageDescriptor = { ...descriptor, values: keep };
    return i18n._(withValues);
  };
}
