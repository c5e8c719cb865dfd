import { DEMO_SALUTATIONS, DEMO_TITLES } from './people';
import { money, pad, type DemoContext } from './demo-context';
import { withCheckDigit } from './gtin';
import type { SeededTenant } from './tenancy-records';
import { local, PACKING_UNITS, QUANTITY_UNITS, REASONS } from './texts';

/** Oids of a tenant's master data that later sections refer to. */
export interface TenantMasterData {
  taxes: { oid: number; code: string; category: string; rate: number }[];
  quantityUnits: Map<string, number>;
  packingUnits: Map<string, number>;
  salutations: { oid: number; gender: number; forCompanies: boolean }[];
  titles: number[];
}

/** Taxes, units, salutations, titles, reasons, numbering, templates and reports of one tenant. */
export async function seedMasterData(ctx: DemoContext, tenant: SeededTenant): Promise<TenantMasterData> {
  const t = tenant.oid;
  const lang = tenant.lang;
  const currency = tenant.country.currency;
  const r = ctx.random(`master/${tenant.def.id}`);
  const validFrom = tenant.country.code === 'CH' ? '2024-01-01' : tenant.country.code === 'CZ' ? '2024-01-01' : '2020-01-01';

  const taxRecords = tenant.country.taxes.map((tax) => ({
    Code: tax.code,
    Name: tax.name,
    CountryCode: tenant.country.code,
    TaxCategory: tax.category,
    Rate: tax.rate,
    ExemptionReason: tax.exemptionReason ?? null,
    ValidFrom: validFrom,
    IsDefault: tax.isDefault === true,
    AccountNumber: `${tax.category === 'Standard' ? 8400 : tax.category === 'Exempt' ? 8100 : 8300}`,
  }));
  const taxOids = await ctx.insert('pos-supply/tax', taxRecords, t);

  const baseUnits = QUANTITY_UNITS.filter((u) => !u.base);
  const derived = QUANTITY_UNITS.filter((u) => u.base);
  const unitRecord = (u: (typeof QUANTITY_UNITS)[number], baseOid: number | null) => ({
    Code: u.code,
    Name: local(u.name, lang),
    Symbol: u.symbol,
    DecimalPlaces: u.decimals,
    RequiresScale: u.scale === true,
    IsBaseUnit: baseOid === null,
    BaseUnitOid: baseOid,
    ConversionFactor: u.factor ?? null,
  });
  const quantityUnits = new Map<string, number>();
  (await ctx.insert('pos-supply/quantity-unit', baseUnits.map((u) => unitRecord(u, null)), t)).forEach((oid, i) => quantityUnits.set(baseUnits[i]!.code, oid));
  (await ctx.insert('pos-supply/quantity-unit', derived.map((u) => unitRecord(u, quantityUnits.get(u.base!)!)), t)).forEach((oid, i) => quantityUnits.set(derived[i]!.code, oid));

  const prefix = tenant.country.code === 'CZ' ? '859' : tenant.country.code === 'JP' ? '45' : '40';
  const packingOids = await ctx.insert(
    'pos-supply/packing-unit',
    PACKING_UNITS.map((p, i) => ({
      Code: p.code,
      Name: local(p.name, lang),
      QuantityUnitOid: quantityUnits.get(p.unit)!,
      ContentQuantity: p.content,
      GTIN: p.content > 1 ? withCheckDigit(`1${prefix}${pad(tenant.index * 100 + i, 12 - prefix.length)}`) : null,
      Dimensions: { LengthMm: p.dims[0], WidthMm: p.dims[1], HeightMm: p.dims[2] },
      GrossWeightKg: p.weight,
      IsReturnable: p.deposit !== undefined,
      DepositAmount: p.deposit === undefined ? null : money(p.deposit, currency),
    })),
    t,
  );
  const packingUnits = new Map(PACKING_UNITS.map((p, i) => [p.code, packingOids[i]!]));

  const salutations = DEMO_SALUTATIONS[lang] ?? DEMO_SALUTATIONS.de!;
  const salutationOids = await ctx.insert(
    'pos-preferences/salutation',
    salutations.map((s, i) => ({ Code: s.code, Name: s.name, LetterSalutation: s.letter, ForCompanies: s.forCompanies, Gender: s.gender, LanguageCode: lang, SortIndex: (i + 1) * 10 })),
    t,
  );
  const titles = DEMO_TITLES[lang] ?? DEMO_TITLES.de!;
  const titleOids = await ctx.insert(
    'pos-preferences/title',
    titles.map((x, i) => ({ Code: x.code, Name: x.name, Abbreviation: x.abbreviation, PlacedAfterName: x.after === true, LanguageCode: lang, SortIndex: (i + 1) * 10 })),
    t,
  );

  for (const [kind, rows] of Object.entries(REASONS)) {
    await ctx.insert(
      kind,
      rows.map(([code, text, extra], i) => {
        const values: Record<string, unknown> = { Code: code, Text: local(text, lang), SortIndex: (i + 1) * 10, ...extra };
        if (typeof values.DefaultRepairFee === 'number') values.DefaultRepairFee = money(values.DefaultRepairFee, currency);
        return values;
      }),
      t,
    );
  }

  await seedNumbering(ctx, tenant);
  await seedTemplates(ctx, tenant, r.int(0, 1) === 1);
  await seedReports(ctx, tenant);
  return {
    taxes: taxRecords.map((x, i) => ({ oid: taxOids[i]!, code: x.Code, category: x.TaxCategory, rate: x.Rate })),
    quantityUnits,
    packingUnits,
    salutations: salutations.map((s, i) => ({ oid: salutationOids[i]!, gender: s.gender, forCompanies: s.forCompanies })),
    titles: titleOids,
  };
}

async function seedNumbering(ctx: DemoContext, tenant: SeededTenant): Promise<void> {
  const r = ctx.random(`numbering/${tenant.def.id}`);
  const records: Record<string, unknown>[] = [];
  const first = tenant.locations.find((l) => l.terminals.length > 0);
  for (const terminal of first?.terminals ?? []) {
    records.push({ Name: `Receipts ${terminal.name}`.slice(0, 40), DocumentType: 1, NumberingScope: 'Terminal', LocationOid: first!.oid, PosTerminalOid: terminal.oid, Prefix: `R${terminal.number}-`, StartNumber: 1, NextNumber: r.int(1, 40_000), PaddingLength: 6, ResetPeriod: 'Yearly', ResetDay: 1, ResetMonth: 1 });
  }
  for (const location of tenant.locations.slice(first ? 1 : 0)) {
    records.push({ Name: `Receipts ${location.name}`.slice(0, 40), DocumentType: 1, NumberingScope: 'Location', LocationOid: location.oid, Prefix: `${location.id.replace(/-/g, '')}-`.slice(0, 8), StartNumber: 1, NextNumber: r.int(1, 90_000), PaddingLength: 7, ResetPeriod: 'Never' });
  }
  const tenantWide: [number, string, string, string][] = [
    [2, 'Invoices', 'INV-', 'Yearly'],
    [3, 'Credit notes', 'CN-', 'Yearly'],
    [4, 'Delivery notes', 'DN-', 'Never'],
    [5, 'Orders', 'ORD-', 'Never'],
    [6, 'Reservations', 'RES-', 'Never'],
    [7, 'Relocations', 'REL-', 'Never'],
    [8, 'Inventory counts', 'INVC-', 'Monthly'],
    [9, 'Cash counts', 'CC-', 'Daily'],
  ];
  for (const [type, name, prefix, reset] of tenantWide) {
    records.push({
      Name: name,
      DocumentType: type,
      NumberingScope: 'Tenant',
      Prefix: prefix,
      Suffix: reset === 'Yearly' ? `/${ctx.referenceDate.getUTCFullYear() % 100}` : null,
      StartNumber: type === 2 ? 10_000 : 1,
      EndNumber: type === 2 ? 99_999 : null,
      NextNumber: (type === 2 ? 10_000 : 1) + r.int(0, 5000),
      PaddingLength: type === 2 ? 5 : 6,
      ResetPeriod: reset,
      ResetDay: reset === 'Monthly' || reset === 'Yearly' ? 1 : null,
      ResetMonth: reset === 'Yearly' ? 1 : null,
      Description: `${name} of ${tenant.def.name}`,
    });
  }
  await ctx.insert('pos-operating/document-number', records, tenant.oid);
}

async function seedTemplates(ctx: DemoContext, tenant: SeededTenant, strict: boolean): Promise<void> {
  const currency = tenant.country.currency;
  const standard = tenant.country.taxes.find((x) => x.isDefault)!.rate;
  const de = tenant.lang === 'de';
  const expenses: [string, string, string, string, number, number | null][] = [
    ['OFFICE', de ? 'Büromaterial' : 'Office supplies', 'Office', '4930', standard, 25],
    ['CLEANING', de ? 'Reinigungsmittel' : 'Cleaning supplies', 'Cleaning', '4250', standard, 15],
    ['POSTAGE', de ? 'Porto' : 'Postage', 'Postage', '4910', 0, 8.5],
    ['TRAVEL', de ? 'Fahrtkosten' : 'Travel expenses', 'Travel', '4670', standard, null],
    ['GOODS', de ? 'Wareneinkauf bar' : 'Cash purchase of goods', 'Goods', '3400', standard, null],
    ['MISC', de ? 'Sonstiges' : 'Miscellaneous', 'Other', '4900', standard, null],
  ];
  await ctx.insert(
    'pos-operating/expense-template',
    expenses.map(([code, text, category, account, rate, amount], i) => ({
      Code: code,
      Text: text,
      ExpenseCategory: category,
      AccountNumber: account,
      TaxRate: rate,
      CurrencyCode: currency,
      DefaultAmount: amount === null ? null : money(amount, currency),
      RequiresApproval: strict || category === 'Goods',
      MaxAmount: strict || category === 'Goods' ? money(category === 'Goods' ? 500 : 150, currency) : null,
      RequiresVoucher: true,
      SortIndex: (i + 1) * 10,
    })),
    tenant.oid,
  );
  const deposits: [string, string, string, boolean, number | null][] = [
    ['CHANGE-FUND', de ? 'Wechselgeldbestand' : 'Change fund', 'ChangeFund', true, 150],
    ['BANK', de ? 'Bankeinzahlung' : 'Bank deposit', 'BankWithdrawal', false, null],
    ['SAFE', de ? 'Tresorübertrag' : 'Safe transfer', 'SafeTransfer', false, null],
    ['OTHER', de ? 'Sonstige Einlage' : 'Other deposit', 'Other', false, null],
  ];
  await ctx.insert(
    'pos-operating/deposit-template',
    deposits.map(([code, text, type, fixed, amount], i) => ({
      Code: code,
      Text: text,
      DepositType: type,
      AccountNumber: type === 'BankWithdrawal' ? '1360' : '1000',
      CurrencyCode: currency,
      IsAmountFixed: fixed,
      DefaultAmount: amount === null ? null : money(amount, currency),
      SortIndex: (i + 1) * 10,
    })),
    tenant.oid,
  );
}

async function seedReports(ctx: DemoContext, tenant: SeededTenant): Promise<void> {
  const mail = `reports@${tenant.def.emailDomain}`;
  const dateParams = [
    { Name: 'From', Caption: 'From', DataType: 'Date', Required: true, DefaultValue: 'today-7' },
    { Name: 'To', Caption: 'To', DataType: 'Date', Required: true, DefaultValue: 'today' },
  ];
  const reports = [
    { Code: 'DAILY-SALES', Name: 'Daily sales by location', Category: 'Sales', Definition: 'sales/daily', Source: 'sales', Parameters: dateParams, OutputFormat: 'Pdf', PageOrientation: 'Landscape', IsScheduled: true, Schedule: '0 6 * * *' },
    { Code: 'TOP-ARTICLES', Name: 'Top 100 articles', Category: 'Sales', Definition: 'sales/articles', Source: 'sales', Parameters: [...dateParams, { Name: 'Limit', Caption: 'Rows', DataType: 'Number', Required: false, DefaultValue: '100' }], OutputFormat: 'Grid', IsScheduled: false },
    { Code: 'STOCK-VALUE', Name: 'Stock value by product group', Category: 'Inventory', Source: 'stock', Parameters: [], OutputFormat: 'Xlsx', IsScheduled: true, Schedule: '30 5 1 * *' },
    { Code: 'CASH-BOOK', Name: 'Cash book', Category: 'Finance', Definition: 'finance/payments', Source: 'cash', Parameters: dateParams, OutputFormat: 'Pdf', PageOrientation: 'Portrait', IsScheduled: false },
    { Code: 'NEW-CUSTOMERS', Name: 'New customers', Category: 'Customers', Source: 'customers', Parameters: dateParams.slice(0, 1), OutputFormat: 'Csv', IsScheduled: false },
    { Code: 'OPERATOR-HOURS', Name: 'Operator sign-in hours', Category: 'Staff', Source: 'operators', Parameters: dateParams, OutputFormat: 'Grid', IsScheduled: false },
  ];
  await ctx.insert(
    'pos-preferences/report-engine',
    reports.map((x) => ({
      Code: x.Code,
      Name: x.Name,
      Category: x.Category,
      Definition: 'Definition' in x ? x.Definition : null,
      Description: `${x.Name} (${tenant.def.name})`,
      Query: { Source: x.Source, MaxRows: 10_000 },
      Parameters: x.Parameters,
      OutputFormat: x.OutputFormat,
      PageOrientation: x.PageOrientation ?? 'Portrait',
      IsScheduled: x.IsScheduled,
      Schedule: x.IsScheduled ? x.Schedule : null,
      RecipientEmail: x.IsScheduled ? mail : null,
    })),
    tenant.oid,
  );
}
