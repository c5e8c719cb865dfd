// fontkit ships no types; the one call the server makes (server/lib/pdf-fonts.ts).
declare module 'fontkit' {
  export function create(buffer: Uint8Array): unknown;
}
