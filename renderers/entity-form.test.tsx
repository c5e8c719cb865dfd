// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { act, createRef, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import articleDoc from '../fixtures/metadata/valid/pos-supply/article.json';
import { compileEntityUncached, type EntityDocument } from '../schemas';
import { EntityForm, type EntityFormHandle } from './entity-form';
import type { LookupSource } from './form-context';
import { errorBadgeText } from './templates/entity-tabs';
import { activateCatalogue } from './test-support/catalogue';
import { render, settle, typeInto, type Rendered } from './test-support/render';

const compiled = compileEntityUncached(articleDoc as EntityDocument, 'en');
const lookupSource: LookupSource = async () => ({ items: [], hasMore: false });

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

function Harness({ initial, handle, onChange }: { initial: Record<string, unknown>; handle?: React.Ref<EntityFormHandle>; onChange?: (v: Record<string, unknown>) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <EntityForm
      ref={handle}
      compiled={compiled}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      lookupSource={lookupSource}
      locale="en"
    />
  );
}

const field = (host: HTMLElement, path: string) => host.querySelector(`[data-field="${path}"]`);
const input = (host: HTMLElement, path: string) => field(host, path)?.querySelector('input, textarea, select') as HTMLInputElement | null;

describe('EntityForm', () => {
  it('titles array items by their array and position in the user\'s language, not "Prices-1"', () => {
    const prices = [{ ValidFrom: '2026-01-01T00:00:00Z', Amount: 1 }, { ValidFrom: '2026-02-01T00:00:00Z', Amount: 2 }];
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Barcodes: ['4006381333931', '4006381333948'], Prices: prices }} />);
    const text = mounted.host.textContent ?? '';
    expect(text).not.toMatch(/Prices-\d|Barcodes-\d|Price-\d|Item-\d/);
    const legends = [...mounted.host.querySelectorAll('[data-array=Prices] legend')].map((legend) => legend.textContent?.trim());
    expect(legends).toEqual(expect.arrayContaining([expect.stringMatching(/^Prices 1\b/), expect.stringMatching(/^Prices 2\b/)]));
  });

  it('lays out the tabs and groups of the compiled layout', () => {
    mounted = render(<Harness initial={compiled.emptyRecord} />);
    const tabs = [...mounted.host.querySelectorAll('[data-tab]')].map((t) => t.getAttribute('data-tab'));
    expect(tabs).toEqual(compiled.layout.tabs.map((t) => t.id));
    expect(mounted.host.querySelector('[data-group=identity]')?.textContent).toContain('Identity');
    expect(field(mounted.host, 'ArticleNumber')?.querySelector('[data-mark=required]')).not.toBeNull();
    expect(field(mounted.host, 'Counter')?.querySelector('[data-mark=readonly]')).not.toBeNull();
  });

  it('marks a field required by its rule string, and refuses it empty', async () => {
    const doc = structuredClone(articleDoc) as unknown as EntityDocument;
    doc.fields.find((f) => f.name === 'Code')!.rules = 'required';
    const ruled = compileEntityUncached(doc, 'en');
    const handle = createRef<EntityFormHandle>();
    mounted = render(<EntityForm ref={handle} compiled={ruled} value={{ ...ruled.emptyRecord, ArticleNumber: 'A-1', Text: 'Bolt' }} onChange={() => undefined} lookupSource={lookupSource} locale="en" />);
    expect(field(mounted.host, 'Code')?.querySelector('[data-mark=required]')).not.toBeNull();
    expect(field(mounted.host, 'LongText')?.querySelector('[data-mark=required]') ?? null).toBeNull();
    act(() => void handle.current!.validate());
    await settle();
    expect(field(mounted.host, 'Code')?.textContent).toContain('is required');
  });

  it('shows a field when the field its visibility reads changes', () => {
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Text: null }} />);
    expect(field(mounted.host, 'LongText')).toBeNull();
    typeInto(input(mounted.host, 'Text'), 'Bolt');
    expect(field(mounted.host, 'LongText')).not.toBeNull();
  });

  it('disables a field and says why, and makes a field required, as other fields change', () => {
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Kind: 2, RetailPrice: 5 }} />);
    expect(input(mounted.host, 'Tax')?.disabled).toBe(false);
    expect(field(mounted.host, 'GTIN')?.querySelector('[data-mark=required]')).toBeNull();
    const select = input(mounted.host, 'Kind') as unknown as HTMLSelectElement;
    select.value = '2'; // the third option: Voucher (3)
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(input(mounted.host, 'Tax')?.disabled).toBe(true);
    expect(field(mounted.host, 'Tax')?.querySelector('[data-reason]')?.textContent).toBe('Disabled because Kind equals Voucher');
    select.value = '0'; // Goods (1): GTIN becomes required
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(field(mounted.host, 'GTIN')?.querySelector('[data-mark=required]')).not.toBeNull();
  });

  it('says why a field is disabled in the UI language, again when the language changes', async () => {
    const { act } = await import('react');
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Kind: 3 }} />);
    const reason = () => field(mounted!.host, 'Tax')?.querySelector('[data-reason]')?.textContent;
    expect(reason()).toBe('Disabled because Kind equals Voucher');
    act(() => activateCatalogue('de'));
    expect(reason()).toBe('Deaktiviert, denn Kind ist gleich Voucher');
    act(() => activateCatalogue('ja'));
    expect(reason()).toBe('無効：KindはVoucherに等しい');
    act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    expect(reason()).toBe('Disabled because Kind equals Voucher');
  });

  it('counts field errors per tab after validation and updates them as the user types', async () => {
    const handle = createRef<EntityFormHandle>();
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Kind: 1, MinimumStock: 0 }} handle={handle} />);
    expect(mounted.host.querySelector('[data-error-count]')).toBeNull(); // nothing before the first validation
    let result: ReturnType<EntityFormHandle['validate']> | undefined;
    await settle();
    const { act } = await import('react');
    act(() => {
      result = handle.current!.validate();
    });
    expect(result!.valid).toBe(false);
    const paths = result!.errors.map((e) => e.path).sort();
    expect(paths).toEqual(['ArticleNumber', 'GTIN', 'Text']);
    expect(result!.errors.find((e) => e.path === 'GTIN')?.message).toBe('GTIN is required.');
    expect(result!.perTab).toMatchObject({ main: 3, stock: 0 });
    expect(mounted.host.querySelector('[data-tab=main] [data-error-count]')?.textContent).toBe('3');
    expect(field(mounted.host, 'Text')?.textContent).toContain('Text is required.');
    typeInto(input(mounted.host, 'Text'), 'Bolt');
    expect(mounted.host.querySelector('[data-tab=main] [data-error-count]')?.textContent).toBe('2');
    typeInto(input(mounted.host, 'ArticleNumber'), 'bad id!');
    expect(field(mounted.host, 'ArticleNumber')?.textContent).toContain("'bad id!' is not a valid id");
  });

  it('shows the first tab holding an error and focuses its first field when validation fails elsewhere', async () => {
    const handle = createRef<EntityFormHandle>();
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Kind: 1, MinimumStock: 0 }} handle={handle} />);
    const panel = (tab: string) => mounted!.host.querySelector<HTMLElement>(`[data-tab-content=${tab}]`)!;
    await settle();
    act(() => mounted!.host.querySelector<HTMLElement>('[data-tab=stock]')!.click());
    await settle();
    expect(panel('stock').hidden).toBe(false);
    expect(panel('main').hidden).toBe(true);
    act(() => void handle.current!.validate());
    await settle();
    expect(panel('main').hidden).toBe(false);
    expect(panel('stock').hidden).toBe(true);
    // The first of the fields in error as the editor lays them out.
    const inError = [...panel('main').querySelectorAll('[data-field]')].filter((f) => ['ArticleNumber', 'GTIN', 'Text'].includes(f.getAttribute('data-field')!));
    expect(inError.length).toBe(3);
    expect(document.activeElement).toBe(input(mounted.host, inError[0]!.getAttribute('data-field')!));
  }, 20_000);

  it('shows the tab of a field and focuses its input when asked to (F2 on a grid cell)', async () => {
    const handle = createRef<EntityFormHandle>();
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, Kind: 1 }} handle={handle} />);
    const panel = (tab: string) => mounted!.host.querySelector<HTMLElement>(`[data-tab-content=${tab}]`)!;
    await settle();
    expect(panel('stock').hidden).toBe(true);
    act(() => handle.current!.focus('MinimumStock'));
    await settle();
    expect(panel('stock').hidden).toBe(false);
    expect(document.activeElement).toBe(input(mounted.host, 'MinimumStock'));
    act(() => handle.current!.focus('Text'));
    await settle();
    expect(panel('main').hidden).toBe(false);
    expect(document.activeElement).toBe(input(mounted.host, 'Text'));
  }, 20_000);

  it('shows server field errors on their fields and tabs until the user edits the field', async () => {
    const initial = { ...compiled.emptyRecord, ArticleNumber: 'A-1', Text: 'Bolt' };
    const refused = { ArticleNumber: ['ArticleNumber already exists.'], Text: ['Text is not allowed.'], '(record)': ['Whole record.'] };
    function ServerHarness() {
      const [value, setValue] = useState<Record<string, unknown>>(initial);
      return (
        <EntityForm
          compiled={compiled}
          value={value}
          onChange={setValue}
          lookupSource={lookupSource}
          locale="en"
          serverErrors={refused}
        />
      );
    }
    mounted = render(<ServerHarness />);
    await settle();
    expect(field(mounted.host, 'ArticleNumber')?.textContent).toContain('ArticleNumber already exists.');
    expect(field(mounted.host, 'Text')?.textContent).toContain('Text is not allowed.');
    expect(mounted.host.querySelector('[data-tab=main] [data-error-count]')?.textContent).toBe('2');
    typeInto(input(mounted.host, 'ArticleNumber'), 'A-2');
    await settle();
    expect(field(mounted.host, 'ArticleNumber')?.textContent).not.toContain('already exists');
    expect(field(mounted.host, 'Text')?.textContent).toContain('Text is not allowed.');
    expect(mounted.host.querySelector('[data-tab=main] [data-error-count]')?.textContent).toBe('1');
  });

  it('keeps what is typed, and shows a value the parent sets afterwards, also the very record it started with', async () => {
    const initial = { ...compiled.emptyRecord, Text: 'Start' };
    const setters: { set?: (value: Record<string, unknown>) => void } = {};
    function Resettable() {
      const [value, setValue] = useState<Record<string, unknown>>(initial);
      useEffect(() => {
        setters.set = setValue;
      }, []);
      return <EntityForm compiled={compiled} value={value} onChange={setValue} lookupSource={lookupSource} locale="en" />;
    }
    mounted = render(<Resettable />);
    typeInto(input(mounted.host, 'Text'), 'Bolt');
    typeInto(input(mounted.host, 'Text'), 'Bolts');
    await settle();
    expect(input(mounted.host, 'Text')?.value).toBe('Bolts');
    const { act } = await import('react');
    act(() => setters.set!(initial)); // e.g. the conflict resolver's 'take other', or a reset to the stored record
    await settle();
    expect(input(mounted.host, 'Text')?.value).toBe('Start');
    act(() => setters.set!({ ...initial, Text: 'Other' }));
    await settle();
    expect(input(mounted.host, 'Text')?.value).toBe('Other');
  });

  it('writes an amount in the currency its sibling field holds, and follows that field when it changes', async () => {
    const setters: { set?: (value: Record<string, unknown>) => void } = {};
    function Priced() {
      const [value, setValue] = useState<Record<string, unknown>>({ ...compiled.emptyRecord, Currency: 'CHF', RetailPrice: 5 });
      useEffect(() => {
        setters.set = setValue;
      }, []);
      return <EntityForm compiled={compiled} value={value} onChange={setValue} lookupSource={lookupSource} locale="en" />;
    }
    mounted = render(<Priced />);
    await settle();
    expect(field(mounted.host, 'RetailPrice')?.textContent).toContain('CHF');
    act(() => setters.set!({ ...compiled.emptyRecord, Currency: 'JPY', RetailPrice: 5 }));
    await settle();
    expect(field(mounted.host, 'RetailPrice')?.textContent).toContain('JPY');
    expect(field(mounted.host, 'RetailPrice')?.textContent).not.toContain('CHF');
  });

  it('gives every element its own id and points every label at its input', () => {
    mounted = render(<Harness initial={compiled.emptyRecord} />);
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const labels = [...mounted.host.querySelectorAll('label[for]')];
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) {
      const target = document.getElementById(label.getAttribute('for')!);
      expect(target?.matches('input, textarea, select, button'), `label "${label.textContent}" points at ${target?.tagName}`).toBe(true);
    }
  });

  it('ticks a checkbox by a click on its label', async () => {
    const changes: Record<string, unknown>[] = [];
    mounted = render(<Harness initial={{ ...compiled.emptyRecord, DisallowDiscount: false }} onChange={(v) => changes.push(v)} />);
    const label = field(mounted.host, 'DisallowDiscount')!.querySelector('label')!;
    act(() => label.click());
    await settle();
    expect(changes.at(-1)?.DisallowDiscount).toBe(true);
    expect(input(mounted.host, 'DisallowDiscount')?.checked).toBe(true);
  });

  it('does not submit on Enter in a single-line input', () => {
    const onSubmit = vi.fn();
    mounted = render(<EntityForm compiled={compiled} value={compiled.emptyRecord} onChange={() => {}} onSubmit={onSubmit} lookupSource={lookupSource} locale="en" />);
    const text = input(mounted.host, 'Text')!;
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    text.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('errorBadgeText', () => {
  it('shows a numeral under 10, else 9+', () => {
    expect(errorBadgeText(3)).toBe('3');
    expect(errorBadgeText(9)).toBe('9');
    expect(errorBadgeText(10)).toBe('9+');
  });
});
