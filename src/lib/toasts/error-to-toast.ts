import { i18n as defaultI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiRequestError } from '../api/api-error';
import type { ToastInput } from './toast-store';

/** What the user tried, so a 409 can say what conflicted (spec 1 §8). */
export interface FailedAction {
  /** HTTP method of the failed call; taken from the error when absent. */
  method?: string;
  /** The kind of data in the user's language, e.g. the entity label. */
  kind?: string;
  /** Where the 401 'log in' action goes: the logout route. */
  logoutPath?: string;
}

const SIGN_IN_CODES: Record<string, { text: ReturnType<typeof msg>; icon?: string }> = {
  '40101': { text: msg`Invalid username or password.` },
  '40102': { text: msg`Invalid username or password.` },
  '40103': { text: msg`The account is locked out. Try again later or ask an administrator.`, icon: 'user-lock' },
  '40104': { text: msg`The account is disabled.`, icon: 'user-lock' },
  '40105': { text: msg`The account is disabled because the limit of licensed users is reached.` },
  '40106': { text: msg`Enter the code of your authenticator app.` },
  '40107': { text: msg`The code is wrong or was used already.` },
};

/** The message of a 5-digit sign-in code, or undefined for an unknown one; also used under the sign-in button. */
export function signInCodeMessage(code: string | undefined, i18n: I18n = defaultI18n): { text: string; icon?: string } | undefined {
  const entry = code ? SIGN_IN_CODES[code] : undefined;
  return entry ? { text: i18n._(entry.text), icon: entry.icon } : undefined;
}

function conflictText(method: string, kind: string | undefined, i18n: I18n): string {
  if (method === 'PUT' || method === 'PATCH') {
    return kind ? i18n._(msg`The ${kind} was changed by someone else in the meantime. Reload it and try again.`) : i18n._(msg`The data was changed by someone else in the meantime. Reload it and try again.`);
  }
  if (method === 'POST') return kind ? i18n._(msg`The ${kind} already exists.`) : i18n._(msg`The data already exists.`);
  return i18n._(msg`The data was changed in the meantime.`);
}

/** One group of records still pointing at a record whose delete was refused (docs/data-api.md, "Deleting referenced records"). */
interface ReferenceBody {
  kind: string;
  label?: Record<string, string>;
  count: number;
  more?: boolean;
  oids?: number[];
}

function isReference(value: unknown): value is ReferenceBody {
  return typeof value === 'object' && value !== null && typeof (value as ReferenceBody).kind === 'string' && typeof (value as ReferenceBody).count === 'number';
}

/** "Items: 2 (12, 15)" per referring kind, in the user's language where the label has it; undefined when the body has none. */
function referencesText(body: Record<string, unknown>, i18n: I18n): string | undefined {
  const references = Array.isArray(body.references) ? body.references.filter(isReference) : [];
  if (references.length === 0) return undefined;
  const language = i18n.locale.split('-')[0] ?? 'en';
  const list = references
    .map((r) => {
      const name = r.label?.[language] ?? r.label?.en ?? r.kind;
      const count = r.more ? `> ${r.count}` : String(r.count);
      const ids = r.oids && r.oids.length > 0 ? ` (${r.oids.join(', ')}${r.count > r.oids.length ? ', …' : ''})` : '';
      return `${name}: ${count}${ids}`;
    })
    .join('; ');
  return i18n._(msg`It cannot be deleted while other records refer to it: ${list}. Change or delete those first.`);
}

function serverText(error: ApiRequestError): string {
  const inner = error.body.innerException?.message;
  const text = inner ? `${error.body.message} ${inner}` : error.body.message;
  return error.status ? `${error.status}: ${text}` : text;
}

/**
 * The one place a failed action becomes a toast (spec 1 §8): 304 info, 409 warning, others error; sign-in
 * codes and 401/403 carry the subject 'authorization'; a 401 offers 'log in' through the logout route.
 * Anything that is not an API error is a system error. The id of a stored server fault goes with the toast.
 */
export function errorToToast(error: unknown, action: FailedAction = {}, i18n: I18n = defaultI18n): ToastInput {
  const failed = i18n._(msg`Operation failed`);
  if (!(error instanceof ApiRequestError)) {
    const text = error instanceof Error ? error.message : String(error);
    return { type: 'system-error', title: failed, content: text || i18n._(msg`Missing content`) };
  }
  const toast = apiErrorToast(error, action, failed, i18n);
  // A 5xx answer names its stored fault: the toast shows the id, and its detail to those allowed to see it.
  return error.errorId ? { ...toast, errorId: error.errorId } : toast;
}

function apiErrorToast(error: ApiRequestError, action: FailedAction, failed: string, i18n: I18n): ToastInput {
  const authorization = i18n._(msg`Authorization`);
  const signIn = signInCodeMessage(error.code, i18n);
  const isAuthCode = error.code?.startsWith('401') ?? false;
  const logIn = { label: i18n._(msg`Log in`), to: action.logoutPath ?? '/logout' };
  if (signIn || isAuthCode) {
    return { type: 'error', title: authorization, group: 'authorization', icon: signIn?.icon, content: signIn?.text ?? serverText(error), actions: error.status === 401 ? [logIn] : undefined };
  }
  switch (error.status) {
    case 304:
      return { type: 'info', title: i18n._(msg`Operation successful`), content: i18n._(msg`Nothing was changed.`) };
    case 401:
      return { type: 'error', title: authorization, group: 'authorization', content: i18n._(msg`Your session has ended. Please log in again.`), actions: [logIn] };
    case 403:
      return { type: 'error', title: authorization, group: 'authorization', icon: 'ban', content: i18n._(msg`You are not permitted to do this.`) };
    case 404:
      return { type: 'error', title: failed, content: i18n._(msg`The requested data was not found.`) };
    case 409:
      return { type: 'warning', title: failed, content: referencesText(error.body, i18n) ?? conflictText((action.method ?? error.method).toUpperCase(), action.kind, i18n) };
    default:
      return { type: 'error', title: failed, content: serverText(error) || i18n._(msg`Missing content`) };
  }
}
