/** The redirect query of the login page, accepted only as a path of this site (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The login URL that brings the user back to where they were. */
export function loginUrl(loginPath: string, currentPathAndQuery: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(currentPathAndQuery)}`;
}
