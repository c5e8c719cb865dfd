import { i18n as defaultI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ToastInput } from './toast-store';

/** The other texts of spec 1 §8 that every feature shares, in the current language. */
export const shellMessages = {
  missingContent: (i18n: I18n = defaultI18n) => i18n._(msg`Missing content`),
  lookupUnknown: (i18n: I18n = defaultI18n) => i18n._(msg`Lookup unknown or missing`),
  lookupMissing: (name: string, i18n: I18n = defaultI18n) => i18n._(msg`Lookup ''${name}'' missing!`),
  lookupTooMany: (i18n: I18n = defaultI18n) => i18n._(msg`Too many entries, refine the search.`),
  lookupNoMatch: (i18n: I18n = defaultI18n) => i18n._(msg`No entry found, adjust the search.`),
  lookupEmpty: (i18n: I18n = defaultI18n) => i18n._(msg`No entry`),
};

/** The success toast after copying to the clipboard. */
export function copiedToast(i18n: I18n = defaultI18n): ToastInput {
  return { type: 'success', title: i18n._(msg`Operation successful`), content: i18n._(msg`Copied to the clipboard.`) };
}
