import { describe, expect, it } from 'vitest';
import type { EntityDocument, NavigationItem } from '../../schemas/entity-document';
import { buildNavigation } from './build-navigation';

const PRODUCT: NavigationItem[] = [
  { path: '/', title: { en: 'Dashboard' }, component: 'dashboard' },
  {
    path: '/data',
    title: { en: 'Master data' },
    children: [{ path: '/data/pos-supply', title: { en: 'Supply' }, children: [{ path: '/data/pos-supply/article', title: { en: 'Articles' }, component: 'data-grid', entity: 'pos-supply/article' }] }],
  },
];

const kind = (area: string, entity: string, navigation: string, extra: Partial<EntityDocument> = {}) => ({
  file: `ext/${area}/${entity}.json`,
  doc: { area, entity, version: 1, label: { en: entity }, navigation, scope: 'tenant', fields: [{ name: 'Name', type: 'String' }], ...extra } as EntityDocument,
});
const ARTICLE = kind('pos-supply', 'article', '/data/pos-supply');
const paths = (items: NavigationItem[]): string[] => items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);

describe('buildNavigation', () => {
  it('gives a kind no item names a data-grid page in the group its document names, titled and iconed by the document', () => {
    const gift = kind('pos-supply', 'gift-card', '/data/pos-supply', { pluralLabel: { en: 'Gift cards' }, icon: 'gift' });
    const { navigation, issues } = buildNavigation([{ file: 'navigation.json', items: PRODUCT }], [ARTICLE, gift]);
    expect(issues).toEqual([]);
    expect(navigation[1]!.children![0]!.children).toEqual([
      PRODUCT[1]!.children![0]!.children![0],
      { path: '/data/pos-supply/gift-card', title: { en: 'Gift cards' }, icon: 'gift', component: 'data-grid', entity: 'pos-supply/gift-card' },
    ]);
    // The product's tree is not changed in place.
    expect(paths(PRODUCT)).not.toContain('/data/pos-supply/gift-card');
  });

  it('merges an extension navigation.json: children added to a group of the product, a new group at its place', () => {
    const extension = [
      { path: '/data', children: [{ path: '/data/gifts', title: { en: 'Gifts', de: 'Geschenke' }, icon: 'gift', children: [] }] },
    ];
    const gift = kind('gifts', 'gift-card', '/data/gifts');
    const { navigation, issues } = buildNavigation([{ file: 'navigation.json', items: PRODUCT }, { file: 'ext/navigation.json', items: extension }], [ARTICLE, gift]);
    expect(issues).toEqual([]);
    expect(paths(navigation)).toEqual(['/', '/data', '/data/pos-supply', '/data/pos-supply/article', '/data/gifts', '/data/gifts/gift-card']);
  });

  it('names the mistakes of a navigation file with file, pointer, an example and the likely intended name', () => {
    const extension = [
      { path: '/tools/gifts', title: 'Gifts', component: 'data-grid', entity: 'pos-supply/gift-crad', icn: 'gift' },
      { path: '/data/pos-supply/article', title: { en: 'Again' }, component: 'data-grid', entity: 'pos-supply/article' },
      { path: 'data/x', title: { de: 'X' } },
    ];
    const gift = kind('pos-supply', 'gift-card', '/data/pos-supply');
    const { issues } = buildNavigation([{ file: 'navigation.json', items: PRODUCT }, { file: 'ext/navigation.json', items: extension }], [ARTICLE, gift]);
    expect(issues).toEqual(
      expect.arrayContaining([
        { file: 'ext/navigation.json', path: '/0/icn', message: "unknown property 'icn' (did you mean 'icon'?)" },
        { file: 'ext/navigation.json', path: '/0/title', message: expect.stringContaining('title must be localized text, an object with one string per language, e.g. { "en": "Gifts", "de": "..." }, not a plain string') },
        { file: 'ext/navigation.json', path: '/1/path', message: "path '/data/pos-supply/article' is already in the navigation (navigation.json)" },
        { file: 'ext/navigation.json', path: '/2/path', message: expect.stringContaining('must start with \'/\'') },
        { file: 'ext/navigation.json', path: '/2/title', message: expect.stringContaining('at least "en"') },
      ]),
    );
    const wrongEntity = buildNavigation([{ file: 'navigation.json', items: PRODUCT }, { file: 'ext/navigation.json', items: [{ path: '/tools/gifts', title: { en: 'Gifts' }, component: 'data-grid', entity: 'pos-supply/gift-crad' }] }], [ARTICLE, gift]);
    expect(wrongEntity.issues).toEqual([{ file: 'ext/navigation.json', path: '', message: "navigation item '/tools/gifts' names entity 'pos-supply/gift-crad', which no document defines (did you mean 'pos-supply/gift-card'?)" }]);
  });

  it('refuses a document whose navigation names no group, or a page, suggesting the nearest group', () => {
    const lost = kind('pos-supply', 'voucher', '/data/pos-suply');
    const onPage = kind('pos-supply', 'coupon', '/data/pos-supply/article');
    const { issues } = buildNavigation([{ file: 'navigation.json', items: PRODUCT }], [ARTICLE, lost, onPage]);
    expect(issues.map((issue) => [issue.file, issue.path, issue.message.split(':')[0]])).toEqual([
      ['ext/pos-supply/voucher.json', '/navigation', "navigation '/data/pos-suply' names no navigation group (did you mean '/data/pos-supply'?)"],
      ['ext/pos-supply/coupon.json', '/navigation', "navigation '/data/pos-supply/article' is a page, not a group (did you mean '/data/pos-supply'?)"],
    ]);
  });
});
