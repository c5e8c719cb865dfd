import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n, type Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

/**
 * A language's real catalogue (src/locales/<locale>/messages.po) as Lingui messages. The app imports the .po files
 * through the Lingui Vite plugin; renderers/ may not import from src/, so tests read the file as data and key the
 * entries as the macros do (the explicit id, else the hash of the English text). Lingui compiles the strings at
 * run time outside production.
 */
export function readCatalogue(locale: string): Messages {
  // From the project root (where vitest runs): under happy-dom, import.meta.url is not a file address.
  const file = path.join(process.cwd(), 'src/locales', locale, 'messages.po');
  const messages: Messages = {};
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const explicit = block.includes('#. js-lingui-explicit-id');
    const joined = block.split('\n').filter((line) => !line.startsWith('#')).join('\n');
    const unquote = (raw: string | undefined) => (raw ?? '""').trim().split('\n').map((part) => JSON.parse(part) as string).join('');
    const id = unquote(/^msgid ((?:".*"\n?)+)/m.exec(joined)?.[1]);
    const context = /^msgctxt ((?:".*"\n?)+)/m.exec(joined)?.[1];
    const translation = unquote(/^msgstr ((?:".*"\n?)+)/m.exec(joined)?.[1]);
    if (!id || !translation) continue;
    messages[explicit ? id : generateMessageId(id, context === undefined ? undefined : unquote(context))] = translation;
  }
  return messages;
}

/** Activates a language with its real catalogue, as the app's language switch does. */
export function activateCatalogue(locale: string): void {
  i18n.loadAndActivate({ locale, messages: readCatalogue(locale) });
}
