import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseApiError } from '../api/api-error';
import { copyToClipboard } from './copy-to-clipboard';
import { showError } from './show-error';
import { toasts } from './toast-store';

describe('copyToClipboard and showError', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  afterEach(() => toasts.clear());

  it('confirms a copy with a success toast', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await copyToClipboard('abc', { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(toasts.getSnapshot()).toEqual([expect.objectContaining({ type: 'success', content: 'Copied to the clipboard.' })]);
  });

  it('shows a refused copy as a logged system error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await copyToClipboard('abc', { writeText: async () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(toasts.getSnapshot()[0]).toMatchObject({ type: 'system-error', content: 'denied' });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('shows API failures through the mapping', () => {
    showError(parseApiError({ status: 409, statusText: 'Conflict', body: {}, method: 'POST', url: '/x' }), { kind: 'Tax' });
    expect(toasts.getSnapshot().at(-1)).toMatchObject({ type: 'warning', content: 'The Tax already exists.' });
  });
});
