import type { Queryable } from '../../db/database';
import type { EntityKind } from '../../data/catalogue';
import { assertValid, pad } from './demo-context';
import { ARTICLE_GROUPS, BRANDS, type ArticleGroup } from './article-catalogue';
import { withCheckDigit } from './gtin';
import { completeRecord, DEFAULT_BATCH_ROWS, insertRecords } from './insert-records';
import { createRandom, mixSeed } from './random';

/** What articles refer to in their tenant. */
export interface ArticleRefs {
  tenantOid: number;
  standardTaxOid: number;
  reducedTaxOid: number;
  quantityUnits: ReadonlyMap<string, number>;
  packingUnits: ReadonlyMap<string, number>;
}

const TOTAL_WEIGHT = ARTICLE_GROUPS.reduce((sum, g) => sum + g.weight, 0);
// Invented GS1 company prefixes, one per brand (6 digits after the country prefix 4).
const BRAND_COMPANY = BRANDS.map((_, i) => 12_345 + i * 7_919);

function pickGroup(value: number): ArticleGroup {
  let rest = value * TOTAL_WEIGHT;
  for (const group of ARTICLE_GROUPS) {
    rest -= group.weight;
    if (rest < 0) return group;
  }
  return ARTICLE_GROUPS[ARTICLE_GROUPS.length - 1]!;
}

function shopPrice(value: number, min: number): number {
  const cents = [0.29, 0.49, 0.69, 0.79, 0.95, 0.99];
  const base = Math.floor(value);
  const price = base + cents[Math.floor((value - base) * cents.length)]!;
  return Math.max(min, Math.round(price * 100) / 100);
}

/**
 * Article number `seq` (1-based) of a seed: the same seed and number give the same article whichever batch or
 * run makes it, so `npm run seed -- --articles N` continues the numbering of the demo data.
 */
export function articleRecord(seed: number, seq: number, refs: ArticleRefs): Record<string, unknown> {
  const r = createRandom(mixSeed(seed, 0xa271c1e, seq));
  const group = pickGroup(r.next());
  const brandIndex = r.int(0, BRANDS.length - 1);
  const brand = BRANDS[brandIndex]!;
  const item = r.pick(group.items);
  const fashion = group.colors !== undefined;
  const color = fashion ? r.pick(group.colors!) : null;
  const sizeIndex = group.fashionSizes ? r.int(0, group.fashionSizes.length - 1) : -1;
  const size = group.fashionSizes ? group.fashionSizes[sizeIndex]! : group.sizes ? r.pick(group.sizes) : null;
  const material = group.materials ? r.pick(group.materials) : null;
  const detail = fashion ? color! : (size ?? '');
  let text = `${brand} ${item} ${detail}`.trim();
  if (text.length > 40) text = `${item} ${detail}`.trim();
  const price = shopPrice(group.price[0] + r.next() * (group.price[1] - group.price[0]), group.price[0]);
  const suggested = r.chance(0.2) ? shopPrice(price * 1.25, price) : null;
  const packing = group.packing === 'CRATE20' ? (size === '0,5 l' ? 'CRATE20' : 'EA') : (group.packing ?? 'EA');
  return {
    ArticleNumber: `${group.number}-${pad(seq, 7)}`,
    GTIN: withCheckDigit(`4${pad(BRAND_COMPANY[brandIndex]!, 6)}${pad(seq % 100_000, 5)}`),
    InternalNumber: `A${pad(seq, 8)}`,
    Text: text.slice(0, 40),
    LongText: [`${brand} ${item}`, size, color, material].filter(Boolean).join(', ').slice(0, 166),
    Description: `${item} von ${brand}.${material ? ` Material: ${material}.` : ''} Warengruppe ${group.group}, ${group.division}.`,
    ProductGroup: group.group,
    ProductLine: group.line,
    Division: group.division,
    Color: color,
    Size: size,
    Material: material,
    SizeSortingIndex: sizeIndex >= 0 ? sizeIndex + 1 : 0,
    ImageName: `art-${pad(seq, 8)}.jpg`,
    TaxOid: group.reduced ? refs.reducedTaxOid : refs.standardTaxOid,
    Tax: null,
    RetailPrice: price,
    SuggestedRetailPrice: suggested,
    DisallowDiscount: r.chance(0.05),
    AccountNumber: group.reduced ? '8300' : '8400',
    QuantityUnitOid: refs.quantityUnits.get(group.unit) ?? null,
    PackingUnitOid: refs.packingUnits.get(packing) ?? null,
    Disabled: r.chance(0.01),
  };
}

/** Progress of a bulk article load. */
export interface ArticleProgress {
  inserted: number;
  total: number;
  elapsedMs: number;
}

/**
 * Inserts articles `start` .. `start + count - 1` in multi-row batches, generated batch by batch so a million
 * rows never sit in memory. Validates every record when `validateAll`, else the first batch only (the
 * generator is the same for every number; the tests validate samples of all of them).
 */
export async function insertArticles(
  tx: Queryable,
  kind: EntityKind,
  refs: ArticleRefs,
  options: { seed: number; start: number; count: number; validateAll?: boolean; batchRows?: number; onBatch?: (progress: ArticleProgress) => void },
): Promise<number[]> {
  const begun = Date.now();
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  const oids: number[] = [];
  for (let offset = 0; offset < options.count; offset += batchRows) {
    const size = Math.min(batchRows, options.count - offset);
    const batch = Array.from({ length: size }, (_, i) => completeRecord(kind, articleRecord(options.seed, options.start + offset + i, refs)));
    if (options.validateAll || offset === 0) batch.forEach((record, i) => assertValid(kind, record, options.start + offset + i));
    oids.push(...(await insertRecords(tx, kind, batch, { tenantOid: refs.tenantOid, batchRows })));
    options.onBatch?.({ inserted: offset + size, total: options.count, elapsedMs: Date.now() - begun });
  }
  return oids;
}
