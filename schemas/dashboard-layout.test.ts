import { describe, expect, it } from 'vitest';
import { checkDashboardLayout, defaultDashboardLayout } from './dashboard-layout';

describe('the dashboard layout', () => {
  it('accepts the default, which has the required cards at medium size in a stable order', () => {
    const layout = defaultDashboardLayout();
    expect(checkDashboardLayout(layout)).toEqual([]);
    expect(Object.values(layout.cards).slice(0, 3).map((card) => card.name)).toEqual(['favourites', 'recently-used', 'version']);
    expect(new Set(Object.values(layout.cards).map((card) => card.params.size))).toEqual(new Set(['medium']));
  });

  it('names an older and a newer version, and a missing one', () => {
    expect(checkDashboardLayout({ ...defaultDashboardLayout(), version: 0 })).toEqual([{ path: 'version', message: 'The dashboard layout has the older version 0; this server reads and stores version 1 only.' }]);
    expect(checkDashboardLayout({ ...defaultDashboardLayout(), version: 2 })[0]!.message).toContain('newer version 2');
    expect(checkDashboardLayout({ storedAt: null, cards: defaultDashboardLayout().cards })[0]!.message).toContain('has no version number');
  });

  it('refuses a layout without a required card, with an unknown card, size or member, and a bad tile id', () => {
    const { cards } = defaultDashboardLayout();
    const withoutVersion = Object.fromEntries(Object.entries(cards).filter(([, card]) => card.name !== 'version'));
    expect(checkDashboardLayout({ version: 1, cards: withoutVersion })).toEqual([{ path: 'cards', message: 'The card version is required and cannot be removed.' }]);
    const problems = checkDashboardLayout({ version: 1, cards: { ...cards, '1': { name: 'weather', params: { size: 'huge', colour: 'red' } } }, extra: true });
    expect(problems.map((problem) => problem.path)).toEqual(['extra', 'cards.1', 'cards.1.name', 'cards.1.params.colour', 'cards.1.params.size']);
    expect(checkDashboardLayout('[]')[0]!.path).toBe('');
    expect(checkDashboardLayout({ version: 1, cards: [] })).toEqual([{ path: 'cards', message: 'cards must be an object of cards keyed by tile id.' }]);
  });
});
