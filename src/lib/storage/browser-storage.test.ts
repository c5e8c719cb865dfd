// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Loads the module afresh (it keeps its choice per page), with window.localStorage throwing as in a blocked frame. */
async function withBlockedStorage() {
  vi.resetModules();
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
  });
  return import('./browser-storage');
}

afterEach(() => vi.restoreAllMocks());

describe('browserStorage', () => {
  it('is the browser\'s own storage where the browser allows it', async () => {
    vi.resetModules();
    const { browserStorage } = await import('./browser-storage');
    browserStorage('local').setItem('mate.test', 'kept');
    expect(window.localStorage.getItem('mate.test')).toBe('kept');
    window.localStorage.removeItem('mate.test');
  });

  it('keeps values in memory for the page where the browser refuses storage (a page framed by another site)', async () => {
    const { browserStorage, storeItem } = await withBlockedStorage();
    const storage = browserStorage('local');
    storeItem('local', 'mate.theme', 'dark');
    expect(storage.getItem('mate.theme')).toBe('dark');
    expect(browserStorage('local')).toBe(storage);
    storeItem('local', 'mate.theme', null);
    expect(storage.getItem('mate.theme')).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('lets the app start in a blocked frame: the stored language reads as absent instead of throwing', async () => {
    await withBlockedStorage();
    const { storedLocale } = await import('../i18n/locale-preference');
    expect(() => storedLocale()).not.toThrow();
  });
});
