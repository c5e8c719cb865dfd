import { createHash } from 'node:crypto';

/** The avatar key of an e-mail address: SHA-256 hex of the trimmed, lower-cased address. */
export function avatarHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Avatar sizes are clamped to this range. */
export const AVATAR_MIN_SIZE = 16;
export const AVATAR_MAX_SIZE = 512;

/**
 * A deterministic identicon: a 5x5 grid mirrored left to right, cells and colour taken from the hash bytes. Any
 * hash draws a picture (we keep no uploaded images), so the same e-mail always shows the same avatar.
 */
export function drawAvatar(hash: string, size: number): string {
  const bytes = createHash('sha256').update(hash.toLowerCase()).digest();
  const hue = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const colour = `hsl(${hue} 55% 48%)`;
  const cell = size / 6;
  const margin = cell / 2;
  const rects: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((bytes[2 + row * 3 + col]! & 1) === 0) continue;
      for (const x of new Set([col, 4 - col])) {
        rects.push(`<rect x="${(margin + x * cell).toFixed(2)}" y="${(margin + row * cell).toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}"/>`);
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#f0f0f0"/><g fill="${colour}">${rects.join('')}</g></svg>`
  );
}
