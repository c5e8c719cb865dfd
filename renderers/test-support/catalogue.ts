import path from 'node:path';
import { i18n, type Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { readPoEntries } from '../../scripts/po-file';

/**
 * A language's real catalogue (src/locales/<locale>/messages.po) as Lingui messages. The app fetches them compiled
 * (`/loc/{locale}.json`, scripts/locale-files.ts); renderers/ may not import from src/, so tests read the file as data and key the
 * entries as the macros do (the explicit id, else the hash of the English text). Lingui compiles the strings at
 * run time outside production.
 */
export function readCatalogue(locale: string): Messages {
  // From the project root (where vitest runs): under happy-dom, import.meta.url is not a file address.
  const entries = readPoEntries(path.join(process.cwd(), 'src/locales', locale, 'messages.po'));
  const messages: Messages = {};
  for (const { id, context, translation, explicitId } of entries) {
    if (translation) messages[explicitId ? id : generateMessageId(id, context)] = translation;
  }
  return messages;
}

/** Activates a language with its real catalogue, as the app's language switch does. */
export function activateCatalogue(locale: string): void {
  i18n.loadAndActivate({ locale, messages: readCatalogue(locale) });
}
