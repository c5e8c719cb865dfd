import { crc32, deflateSync } from 'node:zlib';
import type { Queryable } from '../db/database';
import { attachmentKindOf, storeAttachment } from './document-attachments';

const WIDTH = 240;
const HEIGHT = 80;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A signature as a grey PNG (240 x 80): a pen stroke of overlaid waves whose shape follows `seed`, so that the demo's
 * signatures differ and stay the same from run to run.
 */
export function demoSignaturePng(seed: number): Buffer {
  const pixels = Buffer.alloc((WIDTH + 1) * HEIGHT, 255);
  for (let y = 0; y < HEIGHT; y++) pixels[y * (WIDTH + 1)] = 0; // filter byte: none
  const a = 1 + (seed % 5);
  const b = 2 + ((seed >> 3) % 7);
  const phase = (seed % 97) / 15;
  for (let step = 0; step <= 4000; step++) {
    const t = step / 4000;
    const x = 12 + t * (WIDTH - 24);
    const y = HEIGHT / 2 + 18 * Math.sin(t * Math.PI * 2 * a + phase) * Math.cos(t * Math.PI * b) + 6 * Math.sin(t * 40);
    for (let dx = 0; dx < 2; dx++) {
      for (let dy = 0; dy < 2; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px >= 0 && px < WIDTH && py >= 0 && py < HEIGHT) pixels[py * (WIDTH + 1) + 1 + px] = 20;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method extras, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The demo data's signatures: every stored receipt whose `attachments` member names a PNG signature gets one, through
 * the same checks as a terminal's intake (docs/demo-data.md). Answers how many were stored; a second run stores none.
 * The demo documents' seed calls it after writing the receipts.
 */
export async function seedDemoSignatures(db: Queryable, limit = 200): Promise<number> {
  const named = await db.query<{ tenant_oid: string | number; document_id: string; name: string; kind: string | null }>(
    `select d.tenant_oid, d.document_id, a->>'name' as name, a->>'kind' as kind
       from mate_terminal_document d cross join lateral jsonb_array_elements(case when jsonb_typeof(d.body->'attachments') = 'array' then d.body->'attachments' else '[]'::jsonb end) a
      where a->>'contentType' = 'image/png' and a->>'data' is null
        and not exists (select 1 from mate_document_attachment x where x.document_oid = d.oid and x.name = a->>'name')
      order by d.oid`,
  );
  const signatures = named.rows.filter((row) => attachmentKindOf({ kind: row.kind ?? undefined, name: row.name }) === 'signature').slice(0, limit);
  let stored = 0;
  for (const [index, row] of signatures.entries()) {
    const result = await storeAttachment(db, { tenantOid: Number(row.tenant_oid), uid: row.document_id, kind: 'signature', name: row.name, contentType: 'image/png', bytes: demoSignaturePng(index + 1) });
    if (result.stored) stored++;
  }
  return stored;
}
