import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcbDailyXml } from './ecb-daily-xml';

const fixture = readFileSync(new URL('../../../fixtures/exchange-rates/eurofxref-daily.xml', import.meta.url), 'utf8');

describe("the ECB's daily reference rates", () => {
  it('reads the day and every rate per euro for a euro tenant, with the line of each', () => {
    const { day, rates } = parseEcbDailyXml(fixture, 'EUR');
    expect(day).toBe('2026-11-24');
    expect(rates).toHaveLength(30);
    expect(rates[0]).toEqual({ line: 9, currency: 'USD', rate: '1.0512' });
    expect(rates.find((rate) => rate.currency === 'CHF')?.rate).toBe('0.9306');
  });

  it("converts through the euro for a tenant of another currency, and adds the euro", () => {
    const { rates } = parseEcbDailyXml(fixture, 'CHF');
    expect(rates.find((rate) => rate.currency === 'EUR')?.rate).toBe('1.07457554');
    expect(rates.find((rate) => rate.currency === 'USD')?.rate).toBe('1.12959381');
    expect(rates.some((rate) => rate.currency === 'CHF')).toBe(false);
    expect(() => parseEcbDailyXml(fixture, 'ARS')).toThrow("The file has no rate for the tenant's currency ARS, so its rates cannot be converted to it.");
  });

  it('names the line of the first thing wrong', () => {
    expect(() => parseEcbDailyXml(fixture.replace("rate='161.87'", "rate='-3'"), 'EUR')).toThrow("Line 10: the exchange rate '-3' must be a positive number");
    expect(() => parseEcbDailyXml(fixture.replace("currency='JPY'", "currency='usd'"), 'EUR')).toThrow("Line 10: 'usd' is not a currency code");
    expect(() => parseEcbDailyXml(fixture.replace("currency='JPY'", "currency='USD'"), 'EUR')).toThrow('Line 10: USD appears a second time.');
    expect(() => parseEcbDailyXml('foreignCurrency,exchangeRate\nUSD,1.1', 'EUR')).toThrow("Line 1: this is not the ECB's daily reference rate file");
    expect(() => parseEcbDailyXml(fixture.replace("<Cube time='2026-11-24'>", "<Cube time='2026-11-24'><Cube time='2026-11-23'>"), 'EUR')).toThrow('it holds 2');
  });
});
