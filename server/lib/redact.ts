const SECRET_QUERY = /([?&](?:access_token|token|password|apiKey|api_key)=)[^&#]*/gi;

/** Removes secrets that may ride in a query string (the hub sends its token as access_token). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
