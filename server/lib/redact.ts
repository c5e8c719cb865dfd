const SECRET_QUERY = /([?&](?:access_token|token|password|apiKey|api_key)=)[^&#]*/gi;

/** The hub's connection token rides as `id` (docs/hub.md): a secret there, unlike an `id` elsewhere. */
const HUB_CONNECTION_TOKEN = /(\/api\/hub\/mate\?(?:[^#\s]*?&)?id=)[^&#\s]*/gi;

/** Removes secrets that may ride in a query string (the hub sends its token as access_token, its connection as id). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(HUB_CONNECTION_TOKEN, '$1[redacted]');
}

/** Paths pino must never write: credentials in headers and bodies. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'password',
  'newPassword',
  'token',
  'access_token',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.access_token',
];
