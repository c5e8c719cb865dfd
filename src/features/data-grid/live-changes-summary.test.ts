// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sourceLocaleLoader } from '../../../scripts/locale-files';
import { activateLocale } from '../../lib/i18n/i18n';
import { liveChangesReducer, NO_LIVE_CHANGES, type LiveChange } from './live-changes';
import { liveChangesText } from './live-changes-summary';

const changes = (changed: number, deleted: number, created: number) =>
  [
    ...Array.from({ length: changed }, (_, i): LiveChange => ({ type: 'changed', oid: i })),
    ...Array.from({ length: deleted }, (_, i): LiveChange => ({ type: 'deleted', oid: 100 + i })),
    ...Array.from({ length: created }, (_, i): LiveChange => ({ type: 'created', oid: 200 + i })),
  ].reduce(liveChangesReducer, NO_LIVE_CHANGES);

describe('liveChangesText', () => {
  it('says "3 changed, 1 new" in English and leaves out what did not happen', async () => {
    await activateLocale('en', sourceLocaleLoader);
    expect(liveChangesText(changes(3, 0, 1), 'en')).toBe('3 changed, 1 new');
    expect(liveChangesText(changes(1, 2, 0), 'en')).toBe('1 changed, 2 deleted');
    expect(liveChangesText(changes(0, 0, 1), 'en')).toBe('1 new');
  });

  it('uses the plural forms of the language: Czech few and other, Arabic dual', async () => {
    await activateLocale('cs', sourceLocaleLoader);
    expect(liveChangesText(changes(3, 0, 5), 'cs')).toBe('3 změněné, 5 nových');
    await activateLocale('ar', sourceLocaleLoader);
    expect(liveChangesText(changes(0, 0, 2), 'ar')).toBe('سجلان جديدان');
    expect(liveChangesText(changes(1, 0, 0), 'ar')).toBe('تغيّر سجل واحد');
  });
});
