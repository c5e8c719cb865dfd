import { randomBytes } from 'node:crypto';

/** One body part of a multipart/mixed answer: its header fields (ASCII names and values) and its bytes. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Buffer;
}

const CRLF = '\r\n';

/** A boundary (RFC 2046 §5.1.1: at most 70 characters of its alphabet) that no part's bytes contain. */
function boundaryFor(parts: readonly MultipartPart[]): string {
  for (;;) {
    const boundary = `mate-${randomBytes(18).toString('base64url')}`.replace(/[^0-9A-Za-z'()+_,\-./:=?]/g, '_');
    if (parts.every((part) => !part.body.includes(`--${boundary}`))) return boundary;
  }
}

/**
 * Writes a multipart/mixed entity (RFC 2046 §5.1): a preamble-free body whose parts each start with
 * `--boundary CRLF`, their header fields, an empty line and the bytes, and end with `CRLF --boundary--` after the
 * last. Answers the Content-Type value (with the boundary) and the bytes.
 */
export function writeMultipartMixed(parts: readonly MultipartPart[]): { contentType: string; body: Buffer } {
  const boundary = boundaryFor(parts);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fields = Object.entries(part.headers).map(([name, value]) => {
      if (/[^\x21-\x7e]|:/.test(name) || /[\r\n\0]/.test(value)) throw new Error(`A part header ${JSON.stringify(name)} cannot be written as it is.`);
      return `${name}: ${value}${CRLF}`;
    });
    chunks.push(Buffer.from(`--${boundary}${CRLF}${fields.join('')}${CRLF}`, 'latin1'), part.body, Buffer.from(CRLF, 'latin1'));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`, 'latin1'));
  return { contentType: `multipart/mixed; boundary="${boundary}"`, body: Buffer.concat(chunks) };
}
