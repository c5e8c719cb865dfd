import { downloadFault } from './download-fault';

/** The longest file name (without extension) a download takes; with its extension it stays under the router's 100 characters per path segment. */
export const DOWNLOAD_NAME_MAX_LENGTH = 90;
/** What a file name may hold: letters and digits of any script, marks, space, and `. _ - ( ) +`; not starting with a dot or space. */
export const DOWNLOAD_NAME_PATTERN = "^[\\p{L}\\p{N}_(+-][\\p{L}\\p{M}\\p{N} ._()+-]*$";
const NAME = new RegExp(DOWNLOAD_NAME_PATTERN, 'u');

/** Checks `{name}` of a download path: length and characters, else a 400 fault that says what is wrong. */
export function checkDownloadName(name: string): string {
  if (name.length === 0) throw downloadFault(400, 'The file name is empty.', 'name');
  if (name.length > DOWNLOAD_NAME_MAX_LENGTH) throw downloadFault(400, `The file name has ${name.length} characters; at most ${DOWNLOAD_NAME_MAX_LENGTH} are allowed.`, 'name');
  if (!NAME.test(name)) {
    throw downloadFault(400, 'The file name may hold letters, digits, spaces and . _ - ( ) + only, and must not start with a dot or a space.', 'name');
  }
  return name;
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266 §4.3): `filename` as ASCII (other characters
 * become `_`) for old clients, `filename*` as UTF-8 percent-encoded (RFC 8187) for the rest, which prefer it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
