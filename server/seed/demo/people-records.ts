import { addDays, isoDate, isoDateTime, money, pad, type DemoContext } from './demo-context';
import { withCheckDigit } from './gtin';
import type { TenantMasterData } from './master-records';
import { asciiOf, DEMO_NAMES, demoName, type DemoName } from './people';
import type { Random } from './random';
import type { SeededTenant } from './tenancy-records';

const LEGAL_FORMS: Record<string, string[]> = {
  DE: ['GmbH', 'KG', 'e.K.', 'GmbH & Co. KG'],
  AT: ['GmbH', 'OG', 'e.U.'],
  CH: ['AG', 'GmbH', 'Sàrl'],
  FR: ['SARL', 'SAS', 'SA'],
  IT: ['S.r.l.', 'S.p.A.', 'S.n.c.'],
  ES: ['S.L.', 'S.A.'],
  CZ: ['s.r.o.', 'a.s.'],
  JP: ['株式会社', '合同会社'],
};

/** A generated person: gender and names. */
export interface Person {
  female: boolean;
  first: DemoName;
  last: DemoName;
}

/** A random person of a country. */
export function person(country: string, r: Random): Person {
  const names = DEMO_NAMES[country]!;
  const female = r.chance(0.5);
  const lastIndex = r.int(0, names.last.length - 1);
  const last = female && names.lastFemale ? names.lastFemale[lastIndex]! : names.last[lastIndex]!;
  return { female, first: demoName(r.pick(female ? names.female : names.male)), last: demoName(last) };
}

function fullName(tenant: SeededTenant, p: Person): string {
  // Japanese names are written family name first.
  return tenant.country.code === 'JP' ? `${p.last.text} ${p.first.text}` : `${p.first.text} ${p.last.text}`;
}

/** Operators: a manager and cashiers per location. */
export async function seedOperators(ctx: DemoContext, tenant: SeededTenant): Promise<void> {
  const r = ctx.random(`operators/${tenant.def.id}`);
  const currency = tenant.country.currency;
  const records: Record<string, unknown>[] = [];
  let number = 1000;
  for (const location of tenant.locations) {
    const count = location.type === 'Store' ? r.int(3, 6) : r.int(1, 2);
    for (let i = 0; i < count; i += 1) {
      const p = person(tenant.country.code, r);
      const role = i === 0 ? 'StoreManager' : i === count - 1 && count > 3 ? 'Trainee' : r.chance(0.2) ? 'Supervisor' : 'Cashier';
      const trainee = role === 'Trainee';
      const canRefund = !trainee && role !== 'Cashier';
      number += r.int(1, 9);
      records.push({
        OperatorNumber: number,
        Name: fullName(tenant, p).slice(0, 60),
        ReceiptName: `${p.first.text} ${p.last.text.slice(0, 1)}.`.slice(0, 20),
        HomeLocationOid: location.oid,
        UserOid: null,
        LanguageCode: tenant.lang,
        BadgeCode: withCheckDigit(`29${pad(tenant.index, 2)}${pad(number, 8)}`),
        Roles: role === 'StoreManager' ? ['StoreManager', 'Supervisor'] : [role],
        TrainingMode: trainee,
        MaxDiscountPercent: { StoreManager: 100, Supervisor: 30, Cashier: 10, Trainee: 0 }[role],
        CanRefund: canRefund,
        MaxRefundAmount: canRefund ? money(role === 'StoreManager' ? 2000 : 250, currency) : null,
        CanOpenDrawerWithoutSale: role !== 'Cashier' && !trainee,
        ValidFrom: isoDate(addDays(ctx.referenceDate, -r.int(30, 2500))),
        ValidUntil: trainee ? isoDate(addDays(ctx.referenceDate, r.int(30, 180))) : null,
        Disabled: r.chance(0.05),
      });
    }
  }
  await ctx.insert('identity/operator', records, tenant.oid);
}

/** Customers and contact tasks; answers the customers' oids. */
export async function seedCustomers(ctx: DemoContext, tenant: SeededTenant, master: TenantMasterData): Promise<number[]> {
  const r = ctx.random(`customers/${tenant.def.id}`);
  const country = tenant.country;
  const count = tenant.def.root ? 12 : tenant.index === 1 ? 250 : r.int(60, 120);
  const domains = country.code === 'JP' ? ['example.jp', 'mail.example.jp'] : ['example.com', 'example.net', 'mail.example.org'];
  const records = Array.from({ length: count }, (_, i) => {
    const company = r.chance(0.15);
    const p = person(country.code, r);
    const city = r.pick(country.cities);
    const street = r.pick(country.streets);
    const house = r.int(1, 120);
    const email = r.chance(0.8) ? `${p.first.ascii}.${p.last.ascii}${r.chance(0.3) ? r.int(1, 99) : ''}@${r.pick(domains)}` : null;
    const salutation = master.salutations.find((s) => !s.forCompanies && s.gender === (p.female ? 1 : 2)) ?? master.salutations.find((s) => !s.forCompanies);
    const legal = r.pick(LEGAL_FORMS[country.code] ?? ['Ltd']);
    const companyName = country.code === 'JP' ? `${legal}${p.last.text}商事` : `${p.last.text} ${r.pick(['Handel', 'Service', 'Trading', 'Partner', 'Group'])} ${legal}`;
    const since = addDays(ctx.referenceDate, -r.int(10, 3650));
    return {
      CustomerNumber: `C${pad(tenant.index, 2)}${pad(i + 1, 6)}`,
      IsCompany: company,
      CompanyName: company ? companyName.slice(0, 80) : null,
      VatId: company ? `${country.code === 'CH' ? 'CHE' : country.code}${pad(r.int(0, 999_999_999), 9)}` : null,
      SalutationOid: company ? null : (salutation?.oid ?? null),
      TitleOid: !company && master.titles.length > 0 && r.chance(0.08) ? r.pick(master.titles) : null,
      FirstName: p.first.text,
      LastName: p.last.text,
      BirthDate: company ? null : isoDate(addDays(ctx.referenceDate, -r.int(18 * 365, 85 * 365))),
      Address: {
        Street: country.code === 'JP' ? `${street}${r.int(1, 5)}-${r.int(1, 20)}-${r.int(1, 30)}` : country.numberAfterStreet ? `${street} ${house}` : `${house} ${street}`,
        PostalCode: city.postalCode,
        City: city.city,
        CountryCode: country.code,
      },
      EmailAddress: company && email ? `info@${asciiOf(p.last.ascii)}-${asciiOf(legal) || 'co'}.example.com` : email,
      Phone: r.chance(0.6) ? `${country.phonePrefix} ${r.int(20, 99)} ${r.int(1_000_000, 9_999_999)}` : null,
      MobilePhone: r.chance(0.5) ? `${country.phonePrefix} ${r.int(150, 179)} ${r.int(1_000_000, 9_999_999)}` : null,
      PreferredLanguage: tenant.lang,
      NewsletterConsent: email !== null && r.chance(0.4),
      LoyaltyCardNumber: r.chance(0.6) ? withCheckDigit(`2${pad(tenant.index, 2)}${pad(i + 1, 9)}`) : null,
      LoyaltyPoints: r.int(0, 25) * r.int(0, 400),
      CustomerSince: isoDate(since),
      Notes: r.chance(0.05) ? 'Prefers to be contacted by e-mail.' : null,
      Disabled: r.chance(0.02),
    };
  });
  const oids = await ctx.insert('campaigns/customer', records, tenant.oid);

  const subjects = tenant.lang === 'de'
    ? ['Rückruf wegen Reklamation', 'Einladung zum Kundenabend', 'Angebot Firmenkunden', 'Abholung Bestellung', 'Treuepunkte erklären', 'Geburtstagsgutschein']
    : ['Call back about complaint', 'Invite to customer evening', 'Business customer offer', 'Order ready for pick-up', 'Explain loyalty points', 'Birthday voucher'];
  const tasks = Array.from({ length: Math.max(5, Math.floor(count / 4)) }, () => {
    const status = r.pick(['Open', 'Open', 'InProgress', 'Done']);
    const due = addDays(ctx.referenceDate, r.int(-40, 40));
    return {
      Subject: r.pick(subjects),
      CustomerOid: r.pick(oids),
      DueDate: isoDate(due),
      Status: status,
      Priority: r.pick([1, 2, 2, 3]),
      Channel: r.pick(['Phone', 'Email', 'Visit', 'Letter']),
      Notes: r.chance(0.3) ? 'See last purchase.' : null,
      CompletedAt: status === 'Done' ? isoDateTime(addDays(due, -r.int(0, 5))) : null,
      Outcome: status === 'Done' ? r.pick(['Reached, resolved', 'Voucher sent', 'No interest']) : null,
    };
  });
  await ctx.insert('campaigns/contactTask', tasks, tenant.oid);
  return oids;
}

/** Promotions; `articleOids` (the article tenant only) are what the promotions name. */
export async function seedPromotions(ctx: DemoContext, tenant: SeededTenant, articleOids: readonly number[]): Promise<void> {
  const r = ctx.random(`promotions/${tenant.def.id}`);
  const year = ctx.referenceDate.getUTCFullYear();
  const currency = tenant.country.currency;
  const list = [
    { Code: `SPRING${year % 100}`, Name: 'Spring sale', from: `${year}-03-01`, to: `${year}-03-31`, kind: 'Percent', value: 15 },
    { Code: `SUMMER${year % 100}`, Name: 'Summer clearance', from: `${year}-07-01`, to: `${year}-08-15`, kind: 'Percent', value: 30 },
    { Code: 'HAPPYHOUR', Name: 'Happy hour bakery', from: `${year}-01-01`, to: `${year}-12-31`, kind: 'Percent', value: 50, hours: ['18:00:00', '20:00:00'], weekdays: [1, 2, 3, 4, 5] },
    { Code: 'LOYAL10', Name: 'Loyalty card voucher', from: `${year}-01-01`, to: `${year}-12-31`, kind: 'Amount', value: 10, loyalty: true, minimum: 50 },
    { Code: `BLACKFRI${year % 100}`, Name: 'Black Friday', from: `${year}-11-27`, to: `${year}-11-30`, kind: 'Percent', value: 25 },
    { Code: `XMAS${year % 100}`, Name: 'Christmas bundle', from: `${year}-12-01`, to: `${year}-12-24`, kind: 'Amount', value: 5, minimum: 30 },
  ];
  await ctx.insert(
    'campaigns/promotion',
    list.map((p) => ({
      Code: p.Code,
      Name: p.Name,
      Description: `${p.Name} at ${tenant.def.name}`,
      ValidFrom: `${p.from}T00:00:00Z`,
      ValidTo: `${p.to}T23:59:59Z`,
      RestrictTimeOfDay: p.hours !== undefined,
      TimeFrom: p.hours?.[0] ?? null,
      TimeTo: p.hours?.[1] ?? null,
      Weekdays: p.weekdays ?? null,
      DiscountKind: p.kind,
      DiscountPercent: p.kind === 'Percent' ? p.value : null,
      DiscountAmount: p.kind === 'Amount' ? money(p.value, currency) : null,
      MinimumPurchaseAmount: p.minimum === undefined ? null : money(p.minimum, currency),
      RequiresLoyaltyCard: p.loyalty === true,
      MaxUsesPerCustomer: p.loyalty ? 1 : null,
      Combinable: p.kind === 'Amount',
      ArticleOids: articleOids.length > 0 ? r.sample(articleOids, r.int(3, 25)).sort((a, b) => a - b) : null,
    })),
    tenant.oid,
  );
}

/** A few open document locks, as the POS leaves them while documents are edited or exported. */
export async function seedDocumentLocks(ctx: DemoContext, tenant: SeededTenant): Promise<void> {
  const r = ctx.random(`locks/${tenant.def.id}`);
  const terminals = tenant.locations.flatMap((l) => l.terminals.map((t) => ({ location: l, terminal: t })));
  const records = Array.from({ length: Math.min(4, terminals.length) }, (_, i) => {
    const { location, terminal } = terminals[r.int(0, terminals.length - 1)]!;
    const lockedAt = addDays(ctx.referenceDate, -r.decimal(0, 1, 4));
    const hex = (n: number) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
    return {
      DocumentUid: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      DocumentType: r.pick([1, 2, 5, 6]),
      DocumentNumber: `R${terminal.number}-${pad(r.int(1, 40_000), 6)}`,
      CountryCode: tenant.country.code,
      LocationOid: location.oid,
      PosTerminalOid: terminal.oid,
      LockReason: r.pick(['Editing', 'Processing', 'Export']),
      LockedBy: i === 0 ? `manager.${tenant.country.code.toLowerCase()}` : `pos-${terminal.number}`,
      LockedAt: isoDateTime(lockedAt),
      ExpiresAt: isoDateTime(addDays(lockedAt, 1 / 24)),
    };
  });
  if (records.length > 0) await ctx.insert('pos-operating/document-lock', records, tenant.oid);
}
