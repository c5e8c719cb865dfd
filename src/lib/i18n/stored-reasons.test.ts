import { fileURLToPath } from 'node:url';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { readPoEntries } from '../../../scripts/po-file';
import { lockReason, storedReason } from './stored-reasons';

/** The German catalogue compiled from its .po source, as the build does. */
function germanMessages(): Messages {
  const entries = readPoEntries(fileURLToPath(new URL('../../locales/de/messages.po', import.meta.url)));
  return Object.fromEntries(entries.filter((entry) => entry.translation).map((entry) => [entry.explicitId ? entry.id : generateMessageId(entry.id, entry.context), compileMessage(entry.translation)]));
}

describe('stored reasons', () => {
  const i18n = setupI18n({ locale: 'de', messages: { de: germanMessages() } });
  const english = setupI18n({ locale: 'en', messages: { en: {} } });

  it('reads a known reason in the user’s language, with its values', () => {
    const stored = "Line 1: the tax rate 16 % does not exist for the tenant's country (DE).";
    const german = storedReason(i18n, stored);
    expect(german).not.toBe(stored);
    expect(german).toContain('16 %');
    expect(german).toContain('DE');
    expect(storedReason(english, stored)).toBe(stored);
  });

  it('translates the reason inside a failed run’s error too', () => {
    const stored = "2 of 3 document(s) could not be processed and stay unprocessed; the first: The document is in USD, but its tenant books in EUR.";
    const german = storedReason(i18n, stored);
    expect(german).toContain('USD');
    expect(german).not.toContain('but its tenant books in');
    expect(german).not.toContain('could not be processed');
  });

  it('shows an unknown reason as stored, and the lock reasons by their option', () => {
    expect(storedReason(i18n, 'Something new went wrong.')).toBe('Something new went wrong.');
    expect(lockReason(i18n, 'Editing')).not.toBe('Editing');
    expect(lockReason(i18n, 'Custom')).toBe('Custom');
  });
});
