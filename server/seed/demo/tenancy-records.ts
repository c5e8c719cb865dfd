import { DEMO_COUNTRIES, DEMO_TENANTS, languageOf, type DemoCity, type DemoCountry, type DemoTenant } from './countries';
import { addDays, isoDate, isoDateTime, pad, type DemoContext } from './demo-context';
import { withCheckDigit } from './gtin';
import type { Random } from './random';

/** A seeded POS terminal. */
export interface SeededTerminal {
  oid: number;
  number: number;
  name: string;
}

/** A seeded location with its terminals. */
export interface SeededLocation {
  oid: number;
  id: string;
  name: string;
  type: string;
  city: DemoCity;
  terminals: SeededTerminal[];
}

/** A seeded tenant and what the later sections hang on it. */
export interface SeededTenant {
  def: DemoTenant;
  country: DemoCountry;
  /** Two-letter language of salutations, titles and texts. */
  lang: string;
  oid: number;
  index: number;
  locations: SeededLocation[];
}

/** GS1 prefixes of the countries, for GLNs and GTINs. */
export const GS1_PREFIX: Record<string, string> = { DE: '40', AT: '90', CH: '76', FR: '30', IT: '80', ES: '84', CZ: '859', JP: '45' };

const REGISTER_WORD: Record<string, string> = { de: 'Kasse', fr: 'Caisse', it: 'Cassa', es: 'Caja', cs: 'Pokladna', ja: 'レジ' };

const GROUPS: Record<string, { code: string; en: string; de: string; color: string }> = {
  CITY: { code: 'CITY', en: 'City centre stores', de: 'Innenstadtfilialen', color: '#2F6FDB' },
  MALL: { code: 'MALL', en: 'Shopping centres', de: 'Einkaufszentren', color: '#E08A1E' },
  LOGISTICS: { code: 'LOGISTICS', en: 'Logistics', de: 'Logistik', color: '#5B8C3A' },
  HQ: { code: 'HQ', en: 'Headquarters', de: 'Zentrale', color: '#7A4FB5' },
};

function streetAddress(country: DemoCountry, r: Random): string {
  const street = r.pick(country.streets);
  if (country.code === 'JP') return `${street}${r.int(1, 5)}-${r.int(1, 20)}-${r.int(1, 30)}`;
  const number = r.int(1, 180);
  return country.numberAfterStreet ? `${street} ${number}` : `${number} ${street}`;
}

function phone(country: DemoCountry, r: Random): string {
  return `${country.phonePrefix} ${r.int(20, 99)} ${r.int(100, 999)} ${pad(r.int(0, 9999), 4)}`;
}

function tenantRecord(def: DemoTenant, country: DemoCountry, parentOid: number | null, r: Random): Record<string, unknown> {
  const city = country.cities[0]!;
  return {
    Id: def.id,
    Name: def.name,
    LegalName: def.legalName,
    ParentOid: parentOid,
    CountryCode: country.code,
    CurrencyCode: country.currency,
    LanguageCode: country.language,
    TimeZone: country.timeZone,
    IsVatRegistered: true,
    VatNumber: def.vatNumber,
    TaxNumber: def.taxNumber,
    PricesIncludeTax: true,
    // Japanese companies mostly close their books in March.
    FiscalYearStartMonth: country.code === 'JP' ? 4 : 1,
    Address: { Street: streetAddress(country, r), PostalCode: city.postalCode, City: city.city, Region: city.region },
    Phone: phone(country, r),
    EmailAddress: `info@${def.emailDomain}`,
    Website: def.website,
    LogoImageName: `${def.id.toLowerCase()}.png`,
    Notes: def.root ? 'Holding of the Mate retail group; the subsidiaries run the stores.' : null,
  };
}

/** Inserts the tenants (root first, then its children) and answers them with their oids. */
export async function seedTenants(ctx: DemoContext): Promise<SeededTenant[]> {
  const r = ctx.random('tenants');
  const tenants: SeededTenant[] = [];
  const [rootDef, ...children] = DEMO_TENANTS;
  const rootCountry = DEMO_COUNTRIES[rootDef!.country]!;
  const [rootOid] = await ctx.insert('tenancy/tenant', [tenantRecord(rootDef!, rootCountry, null, r)]);
  tenants.push({ def: rootDef!, country: rootCountry, lang: languageOf(rootCountry), oid: rootOid!, index: 0, locations: [] });
  const countries = children.map((def) => DEMO_COUNTRIES[def.country]!);
  const oids = await ctx.insert('tenancy/tenant', children.map((def, i) => tenantRecord(def, countries[i]!, rootOid!, r)));
  children.forEach((def, i) => tenants.push({ def, country: countries[i]!, lang: languageOf(countries[i]!), oid: oids[i]!, index: i + 1, locations: [] }));
  return tenants;
}

interface PlannedLocation {
  city: DemoCity;
  type: 'Store' | 'Outlet' | 'Warehouse' | 'Office';
  group: keyof typeof GROUPS;
}

function planLocations(tenant: SeededTenant, r: Random): PlannedLocation[] {
  const cities = tenant.country.cities;
  if (tenant.def.root) {
    return [
      { city: cities.find((c) => c.code === 'HAM')!, type: 'Office', group: 'HQ' },
      { city: cities.find((c) => c.code === 'LEJ')!, type: 'Warehouse', group: 'LOGISTICS' },
    ];
  }
  const count = tenant.index === 1 ? 5 : r.int(2, 5);
  return r.sample(cities, count).map((city, i): PlannedLocation => {
    if (i === 0) return { city, type: 'Store', group: 'CITY' };
    if (i === 3) return { city, type: 'Warehouse', group: 'LOGISTICS' };
    const type = r.chance(0.25) ? 'Outlet' : 'Store';
    return { city, type, group: type === 'Outlet' || r.chance(0.4) ? 'MALL' : 'CITY' };
  });
}

function locationName(tenant: SeededTenant, plan: PlannedLocation): string {
  if (tenant.lang === 'ja') return `メイト${plan.city.city}${{ Store: '店', Outlet: 'アウトレット店', Warehouse: '物流センター', Office: '本社' }[plan.type]}`;
  return `Mate ${{ Store: 'Store', Outlet: 'Outlet', Warehouse: 'Warehouse', Office: 'Head Office' }[plan.type]} ${plan.city.city}`;
}

/** Location groups, locations, POS terminals and payment terminals of every tenant. */
export async function seedLocations(ctx: DemoContext, tenants: SeededTenant[]): Promise<void> {
  let terminalIdSeq = 0;
  for (const tenant of tenants) {
    const r = ctx.random(`locations/${tenant.def.id}`);
    const plans = planLocations(tenant, r);
    const groupKeys = [...new Set(plans.map((p) => p.group))];
    const lang = tenant.lang;
    const groupOids = await ctx.insert(
      'tenancy/location-group',
      groupKeys.map((key, i) => {
        const g = GROUPS[key]!;
        const manager = `${r.pick(['Anna', 'Thomas', 'Claire', 'Marco', 'Lucía', 'Jana', 'Kenji'])} ${r.pick(['Keller', 'Martin', 'Rossi', 'García', 'Novák', 'Tanaka'])}`;
        return {
          Code: g.code,
          Name: lang === 'de' ? g.de : g.en,
          Description: null,
          ManagerName: manager,
          ManagerEmailAddress: `${g.code.toLowerCase()}@${tenant.def.emailDomain}`,
          Color: g.color,
          SortIndex: (i + 1) * 10,
        };
      }),
      tenant.oid,
    );
    const groupOid = new Map(groupKeys.map((key, i) => [key, groupOids[i]!]));
    const gln = GS1_PREFIX[tenant.country.code]!;
    const records = plans.map((plan, i) => {
      const id = `${plan.city.code}-${pad(i + 1, 2)}`;
      // A few locations are not open, so the scope tree and grids show every state.
      const status = i === plans.length - 1 && plans.length >= 4 ? 3 : i === 2 && tenant.index % 3 === 0 ? 0 : 1;
      const opening = addDays(ctx.referenceDate, -r.int(200, 4000));
      return {
        Id: id,
        Name: locationName(tenant, plan),
        LocationType: plan.type,
        LocationGroupOid: groupOid.get(plan.group)!,
        Status: status,
        OpeningDate: isoDate(status === 0 ? addDays(ctx.referenceDate, r.int(30, 120)) : opening),
        ClosingDate: status === 3 ? isoDate(addDays(ctx.referenceDate, -r.int(10, 150))) : null,
        Address: { Street: streetAddress(tenant.country, r), PostalCode: plan.city.postalCode, City: plan.city.city, Region: plan.city.region },
        Coordinates: { Latitude: Number((plan.city.lat + r.decimal(-0.02, 0.02, 4)).toFixed(4)), Longitude: Number((plan.city.lon + r.decimal(-0.02, 0.02, 4)).toFixed(4)) },
        Phone: phone(tenant.country, r),
        EmailAddress: `${id.toLowerCase()}@${tenant.def.emailDomain}`,
        TimeZone: tenant.country.timeZone,
        Gln: withCheckDigit(`${gln}${pad(tenant.index * 1000 + i + 1, 12 - gln.length)}`),
        CostCenter: `CC-${pad(tenant.index * 100 + i + 1, 4)}`,
        SalesArea: plan.type === 'Office' ? null : r.int(plan.type === 'Warehouse' ? 2000 : 250, plan.type === 'Warehouse' ? 12000 : 2400),
        Notes: status === 3 ? 'Closed: lease ended.' : null,
      };
    });
    const locationOids = await ctx.insert('tenancy/location', records, tenant.oid);
    tenant.locations = plans.map((plan, i) => ({ oid: locationOids[i]!, id: records[i]!.Id, name: records[i]!.Name, type: plan.type, city: plan.city, terminals: [] }));
    await seedTerminals(ctx, tenant, r, () => (terminalIdSeq += 1));
  }
}

async function seedTerminals(ctx: DemoContext, tenant: SeededTenant, r: Random, nextTerminalId: () => number): Promise<void> {
  const word = REGISTER_WORD[tenant.lang] ?? 'Register';
  const fiscal = ['DE', 'AT', 'IT'].includes(tenant.country.code);
  const posRecords: Record<string, unknown>[] = [];
  const owners: { location: SeededLocation; number: number; type: number }[] = [];
  tenant.locations.forEach((location, li) => {
    const count = { Store: r.int(2, 4), Outlet: r.int(1, 3), Warehouse: 1, Office: 1 }[location.type] ?? 1;
    for (let n = 1; n <= count; n += 1) {
      const type = location.type === 'Store' && n === count && count >= 3 ? 2 : location.type === 'Outlet' && n === count && count > 1 ? 1 : 0;
      const number = (li + 1) * 100 + n;
      const host = `pos-${location.id.toLowerCase()}-${n}`;
      posRecords.push({
        TerminalNumber: number,
        Name: `${word} ${n} ${location.city.city}`.slice(0, 40),
        LocationOid: location.oid,
        TerminalType: type,
        SerialNumber: `TM${pad(r.int(0, 99_999_999), 8)}`,
        HostName: host,
        IpAddress: `10.${tenant.index}.${li + 1}.${10 + n}`,
        SoftwareVersion: '6.25.0',
        LastSeenAt: isoDateTime(addDays(ctx.referenceDate, -r.decimal(0, 3, 3))),
        ReceiptPrinter: type === 2 ? { Model: 'Epson TM-T88VII', ConnectionType: 'Usb', DeviceAddress: 'usb://epson/tm-t88vii' } : { Model: 'Epson TM-m30III', ConnectionType: 'Network', DeviceAddress: `10.${tenant.index}.${li + 1}.${100 + n}` },
        CashDrawerCount: type === 2 ? 0 : 1,
        HasCustomerDisplay: type !== 1,
        IsFiscalized: fiscal,
        FiscalModuleSerial: fiscal ? `TSE-${pad(r.int(0, 99_999_999), 8)}` : null,
        FiscalClientId: fiscal ? `${tenant.def.id}-${number}` : null,
      });
      owners.push({ location, number, type });
    }
  });
  const posOids = await ctx.insert('tenancy/pos-terminal', posRecords, tenant.oid);
  owners.forEach((o, i) => o.location.terminals.push({ oid: posOids[i]!, number: o.number, name: String(posRecords[i]!.Name) }));

  const { protocol, manufacturer, model } = tenant.country.payment;
  const base = (name: string) => ({
    TerminalId: pad(60_000_000 + tenant.index * 100_000 + nextTerminalId(), 8),
    Name: name.slice(0, 40),
    Manufacturer: manufacturer,
    Model: model,
    SerialNumber: `PT${pad(r.int(0, 999_999_999), 9)}`,
    FirmwareVersion: `${r.int(3, 5)}.${r.int(0, 12)}.${r.int(0, 40)}`,
    LastSeenAt: isoDateTime(addDays(ctx.referenceDate, -r.decimal(0, 5, 3))),
    Protocol: protocol,
    MerchantId: `M${pad(tenant.index, 2)}${pad(r.int(0, 9_999_999), 7)}`,
    CurrencyCode: tenant.country.currency,
    SupportsContactless: true,
    SupportsTip: ['FR', 'ES', 'IT'].includes(tenant.country.code),
  });
  const panRecords: Record<string, unknown>[] = [];
  owners.forEach((o, i) => {
    if (o.type !== 0) return;
    panRecords.push({ ...base(`PIN pad ${o.number} ${o.location.city.city}`), TerminalKind: 'POS', LocationOid: o.location.oid, PosTerminalOid: posOids[i]!, ConnectionType: 'TCP', IpAddress: `10.${tenant.index}.${tenant.locations.indexOf(o.location) + 1}.${150 + (o.number % 100)}`, Port: 20007 });
  });
  for (const location of tenant.locations.filter((l) => l.type === 'Store').slice(0, 2)) {
    panRecords.push({ ...base(`Mobile terminal ${location.city.city}`), TerminalKind: 'ANY', LocationOid: location.oid, ConnectionType: 'Cloud' });
  }
  const warehouse = tenant.locations.find((l) => l.type === 'Warehouse');
  if (warehouse) panRecords.push({ ...base(`Goods-in terminal ${warehouse.city.city}`), TerminalKind: 'ANY', LocationOid: warehouse.oid, ConnectionType: 'Serial', SerialPort: 'COM3', BaudRate: 115200 });
  // Pan terminals: not tied to a location (parent oid 0 in the scope tree) - web shop and field sales.
  panRecords.push({ ...base('Web shop payments'), TerminalKind: 'PAN', LocationOid: null, ConnectionType: 'Cloud' });
  if (!tenant.def.root) panRecords.push({ ...base('Field sales'), TerminalKind: 'PAN', LocationOid: 0, ConnectionType: 'Bluetooth', Disabled: tenant.index % 4 === 0 });
  await ctx.insert('tenancy/pan-terminal', panRecords, tenant.oid);
}
