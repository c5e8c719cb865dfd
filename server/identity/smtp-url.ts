// MATE_SMTP_URL read once: server/config.ts checks it at start (a bad one stops the start, naming it), and
// mail-sender.ts takes its parts.

/** The parts of MATE_SMTP_URL; an Error naming the variable when it is not an smtp:// or smtps:// URL. */
export function parseSmtpUrl(smtpUrl: string): { host: string; port: number; secure: boolean; user?: string; pass?: string; from?: string } {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('MATE_SMTP_URL must be a URL like smtp://user:password@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`MATE_SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error('MATE_SMTP_URL names no host');
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
    from: url.searchParams.get('from') ?? undefined,
  };
}
