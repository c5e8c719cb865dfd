import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, parseApiError } from '../api/api-error';
import { errorToToast } from './error-to-toast';
import { copiedToast, shellMessages } from './toast-messages';

const fail = (status: number, body: unknown = { message: 'Nope' }, statusText = '', method = 'GET') => parseApiError({ status, statusText, body, method, url: '/api/x' });

describe('errorToToast', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows 304 as info, 409 as warning and other statuses as errors', () => {
    expect(errorToToast(fail(304))).toMatchObject({ type: 'info', title: 'Operation successful', content: 'Nothing was changed.' });
    expect(errorToToast(fail(409)).type).toBe('warning');
    expect(errorToToast(fail(404))).toMatchObject({ type: 'error', content: 'The requested data was not found.' });
  });

  it('has put and post texts for 409 combined with the kind of data', () => {
    expect(errorToToast(fail(409, {}, '', 'PUT'), { kind: 'Tenant' }).content).toBe('The Tenant was changed by someone else in the meantime. Reload it and try again.');
    expect(errorToToast(fail(409), { method: 'POST', kind: 'Tenant' }).content).toBe('The Tenant already exists.');
  });

  it('says which records still refer to a record whose delete was refused, with the ids the server gave', () => {
    const body = {
      message: 'The record cannot be deleted: …',
      references: [
        { kind: 'ref/item', label: { en: 'Items', de: 'Artikel' }, field: 'SupplierOid', count: 7, oids: [12, 15] },
        { kind: 'ref/order-line', label: { en: 'Order lines' }, field: 'ItemOid', count: 1000, more: true },
      ],
    };
    expect(errorToToast(fail(409, body, '', 'DELETE'))).toMatchObject({
      type: 'warning',
      content: 'It cannot be deleted while other records refer to it: Items: 7 (12, 15, …); Order lines: > 1000. Change or delete those first.',
    });
  });

  it('adds a log in action to the logout route on 401', () => {
    const toast = errorToToast(fail(401), { logoutPath: '/logout' });
    expect(toast).toMatchObject({ type: 'error', title: 'Authorization', actions: [{ label: 'Log in', to: '/logout' }] });
  });

  it('shows 403 with the ban icon and the authorization subject', () => {
    expect(errorToToast(fail(403))).toMatchObject({ title: 'Authorization', icon: 'ban' });
  });

  it('reads the sign-in codes from the status text or error_code', () => {
    expect(errorToToast(fail(401, {}, 'Unauthorized [40101]')).content).toBe('Invalid username or password.');
    expect(errorToToast(fail(401, { error_code: '40103', error_description: 'locked' }))).toMatchObject({ icon: 'user-lock', title: 'Authorization' });
    expect(errorToToast(fail(401, {}, 'x [40104]'))).toMatchObject({ content: 'The account is disabled.', icon: 'user-lock' });
    expect(errorToToast(fail(401, {}, 'x [40105]')).content).toMatch(/limit of licensed users/);
    expect(errorToToast(fail(400, { message: 'odd' }, 'x [40199]'))).toMatchObject({ title: 'Authorization', content: '400: odd' });
  });

  it('carries the id of a stored server fault, and none when the answer named none', () => {
    const stored = parseApiError({ status: 500, statusText: 'Internal Server Error', body: { message: 'Unexpected.' }, errorId: 'e-1', method: 'GET', url: '/api/x' });
    expect(errorToToast(stored)).toMatchObject({ type: 'error', content: '500: Unexpected.', errorId: 'e-1' });
    expect(errorToToast(fail(500))).not.toHaveProperty('errorId');
  });

  it('prefixes the server message and inner exception with the status', () => {
    expect(errorToToast(fail(500, { message: 'Database down.', innerException: { message: 'timeout' } })).content).toBe('500: Database down. timeout');
  });

  it('turns anything that is not an API error into a logged system error', () => {
    expect(errorToToast(new TypeError('x is undefined'))).toMatchObject({ type: 'system-error', content: 'x is undefined' });
    expect(errorToToast(new Error(''))).toMatchObject({ content: 'Missing content' });
    expect(errorToToast(new ApiRequestError(0, { status: 0, message: 'unreachable' }, undefined, undefined, 'GET', '/'))).toMatchObject({ type: 'error', content: 'unreachable' });
  });

  it('has the lookup and clipboard texts', () => {
    expect(shellMessages.lookupMissing('Tax')).toBe("Lookup 'Tax' missing!");
    expect(shellMessages.lookupUnknown()).toBe('Lookup unknown or missing');
    expect(copiedToast()).toMatchObject({ type: 'success' });
  });
});
