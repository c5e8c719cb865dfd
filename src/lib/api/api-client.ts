import { networkError, parseApiError } from './api-error';

/** What every call needs from the rest of the app; set once at start with configureApi. */
export interface ApiClientSettings {
  /** Prefix of every call, '' for the same origin. */
  baseUrl: string;
  /** The bearer token, or undefined when signed out. May prompt a re-login first (spec 1 §4). */
  getToken: () => Promise<string | undefined> | string | undefined;
  /** The current UI language, sent as Accept-Language. */
  getLocale: () => string;
  /** Scope headers (tenant, location role, terminal) for data calls. */
  getScopeHeaders: () => Record<string, string>;
  /** Query parameters of the scope a call carries besides its own (the tenantOid of data calls); the call's own win. */
  getScopeQuery: (path: string) => Record<string, string>;
  /** Told about every finished call, for the network-activity list. */
  onCall?: (call: CallRecord) => void;
  /** Told when a call starts; the function it returns is told when that call ends (running calls in the activity list). */
  onCallStart?: (call: { method: string; url: string; bytesUp: number }) => ((call: CallRecord) => void) | void;
}

/** One finished call, as the network-activity dropdown lists it. */
export interface CallRecord {
  method: string;
  url: string;
  status: number;
  bytesUp: number;
  bytesDown: number;
  durationMs: number;
}

/** Options of one call. */
export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses that are answers rather than failures, e.g. 304 for a conditional read. */
  accept?: number[];
  /** Skip the bearer token (anonymous calls such as the ping). */
  anonymous?: boolean;
}

/** An answer: status, headers and the parsed body (JSON, or text for anything else). */
export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

let settings: ApiClientSettings = {
  baseUrl: '',
  getToken: () => undefined,
  getLocale: () => 'en',
  getScopeHeaders: () => ({}),
  getScopeQuery: () => ({}),
};

/** Changes the settings every later call uses. */
export function configureApi(partial: Partial<ApiClientSettings>): void {
  settings = { ...settings, ...partial };
}

/** The bearer token every call sends; the hub connection uses the same (it may wait for a re-login). */
export function apiToken(): Promise<string | undefined> | string | undefined {
  return settings.getToken();
}

/** The headers every call sends besides its own: Accept-Language, the scope headers and the bearer token when signed in. */
export async function apiRequestHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'Accept-Language': settings.getLocale(), ...settings.getScopeHeaders() };
  const token = await settings.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Builds the URL of a call from the base URL, a path and query parameters. */
export function apiUrl(path: string, query?: ApiCallOptions['query']): string {
  const url = `${settings.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readBody(response: Response): Promise<{ data: unknown; bytes: number }> {
  const text = await response.text();
  const bytes = new TextEncoder().encode(text).length;
  if (!text) return { data: undefined, bytes };
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return { data: JSON.parse(text), bytes };
    } catch {
      return { data: text, bytes };
    }
  }
  return { data: text, bytes };
}

/**
 * The one way the UI calls the server: base URL, JSON, Accept-Language, bearer token and scope headers
 * on every call; failures become ApiRequestError in the DESIGN.md shape.
 */
export async function apiCall<T>(path: string, options: ApiCallOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const url = apiUrl(path, { ...settings.getScopeQuery(path), ...options.query });
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': settings.getLocale(), ...settings.getScopeHeaders(), ...options.headers };
  if (!options.anonymous) {
    const token = await settings.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const bytesUp = payload ? new TextEncoder().encode(payload).length : 0;
  const finished = settings.onCallStart?.({ method, url, bytesUp });
  const report = (call: CallRecord) => {
    settings.onCall?.(call);
    if (finished) finished(call);
  };
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, signal: options.signal });
  } catch (cause) {
    report({ method, url, status: 0, bytesUp, bytesDown: 0, durationMs: performance.now() - started });
    throw networkError(method, url, cause);
  }
  const { data, bytes } = await readBody(response);
  report({ method, url, status: response.status, bytesUp, bytesDown: bytes, durationMs: performance.now() - started });
  if (!response.ok && !(options.accept ?? []).includes(response.status)) {
    throw parseApiError({ status: response.status, statusText: response.statusText, body: data, errorId: response.headers.get('x-mate-error-id'), method, url });
  }
  return { status: response.status, headers: response.headers, data: data as T };
}

/** GET that resolves to the body; the fetcher SWR uses. */
export async function apiGet<T>(path: string, query?: ApiCallOptions['query']): Promise<T> {
  return (await apiCall<T>(path, { query })).data;
}

/**
 * A GET whose body the caller reads itself as a stream (a file export with progress): the same URL, language, token
 * and scope headers as every call; a failed answer is read and thrown as ApiRequestError like any other, an answer
 * that succeeded comes back unread.
 */
export async function apiStream(path: string, options: Pick<ApiCallOptions, 'query' | 'signal'> = {}): Promise<Response> {
  const url = apiUrl(path, { ...settings.getScopeQuery(path), ...options.query });
  const headers: Record<string, string> = { 'Accept-Language': settings.getLocale(), ...settings.getScopeHeaders() };
  const token = await settings.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw networkError('GET', url, cause);
  }
  if (!response.ok) {
    const { data } = await readBody(response);
    throw parseApiError({ status: response.status, statusText: response.statusText, body: data, errorId: response.headers.get('x-mate-error-id'), method: 'GET', url });
  }
  return response;
}
