import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Writes a chunk and, when the stream's buffer is full (a slow client), waits until it drains: the reason memory stays
 * flat however large the export, as the rows are read no faster than the client takes them.
 */
export async function writeTo(out: Writable, chunk: string | Uint8Array): Promise<void> {
  if (out.destroyed) throw new Error('The client went away.');
  if (!out.write(chunk)) await waitForDrain(out);
}

/** Waits until a stream's buffer drained (or it closed: a client that went away ends the export). */
export async function waitForDrain(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return;
  const closed = once(out, 'close').then(() => {
    throw new Error('The client went away.');
  });
  await Promise.race([once(out, 'drain'), closed]);
  closed.catch(() => undefined);
}
