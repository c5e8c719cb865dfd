import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { APP_SLOT_RECIPES, appSystem } from './app-system';

/** The names the app's code imports from '@chakra-ui/react' (tests left out). */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
          for (const part of match[1]!.split(',')) {
            const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
            if (name) names.add(name);
          }
        }
      }
    }
  };
  walk('src');
  walk('renderers');
  return names;
}

describe('appSystem', () => {
  it('has the slot recipe of every Chakra component the app imports, so none renders unstyled', () => {
    const names = importedChakraNames();
    expect(names.has('Dialog')).toBe(true);
    // A component's recipe key is its name in camelCase (Dialog -> dialog, NativeSelect -> nativeSelect).
    const needed = [...names].map((name) => name[0]!.toLowerCase() + name.slice(1)).filter((key) => key in chakraSlotRecipes);
    const missing = needed.filter((key) => !(key in APP_SLOT_RECIPES) || Object.keys(appSystem.getSlotRecipe(key) ?? {}).length === 0);
    expect(missing, 'add these to APP_SLOT_RECIPES in src/app/app-system.ts').toEqual([]);
  });

  it('keeps the default tokens and single-part recipes, and the accessible solid colours', () => {
    expect(appSystem.token('colors.teal.700')).toBeTruthy();
    expect(Object.keys(appSystem.getRecipe('button') ?? {})).not.toEqual([]);
    expect(appSystem.token.var('colors.teal.solid')).toContain('--chakra-colors-teal-solid');
  });
});
