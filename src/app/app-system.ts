import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, avatarSlotRecipe, breakpoints, cardSlotRecipe, checkboxSlotRecipe, cssVarsPrefix, cssVarsRoot, dialogSlotRecipe,
  drawerSlotRecipe, fieldSlotRecipe, fieldsetSlotRecipe, globalCss, keyframes, layerStyles, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, popoverSlotRecipe, progressSlotRecipe,
  radioGroupSlotRecipe, recipes, semanticTokens, switchSlotRecipe, tableSlotRecipe, tabsSlotRecipe, textStyles, tokens,
} from '@chakra-ui/react/theme';

/**
 * The slot recipes of the Chakra components the app uses, by the key their component asks for. Chakra's default
 * theme brings all 56 (date pickers, carousels, QR codes...), a third of the sign-in page's JS; a component whose
 * recipe is missing renders unstyled, so app-system.test.ts checks every Chakra component imported in src/ and
 * renderers/ against this list.
 */
export const APP_SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

// Chakra's default theme (tokens, text styles, the small single-part recipes) with only the slot recipes above.
const themeConfig: SystemConfig = {
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes: APP_SLOT_RECIPES, textStyles, layerStyles, animationStyles },
};

// Chakra's solid teal, green, orange (light) and cyan put white text on the 600 shade, which misses the WCAG AA
// contrast of 4.5:1 (teal 3.7:1); the 700 shade passes in both themes (axe scan, e2e/shell-a11y.spec.ts).
const solid = (palette: string, dark = `{colors.${palette}.700}`) => ({ solid: { value: { _light: `{colors.${palette}.700}`, _dark: dark } } });

const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        teal: solid('teal'),
        green: solid('green'),
        orange: solid('orange', '{colors.orange.500}'),
        cyan: solid('cyan'),
        // Chakra's light error text (red.500) has 3.6:1 on the row details' subtle background; red.700 passes AA.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
      },
    },
    // Chakra's solid button lightens to 90 % opacity under the pointer: in the light theme that thins blue's white text
    // to 4.31:1, below WCAG AA. Darkening instead keeps the hover visible and raises the contrast in both themes.
    recipes: {
      button: {
        variants: {
          variant: {
            solid: {
              _hover: { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)' },
              _expanded: { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)' },
            },
          },
        },
      },
    },
    // Animations the shell's icons use (busy spinner, hourglass, running network calls); reduced motion turns them off.
    keyframes: {
      'mate-spin': { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
      'mate-pulse': { '50%': { opacity: 0.4 } },
    },
  },
  globalCss: {
    // A table cell holds its absolutely placed children (a header's screen-reader-only text): without a positioned
    // box they escaped the table's scroll area and, right to left at 390 px, made the whole page scroll sideways by
    // the table's hidden width (the account page ran 194 px off the side; e2e/account-pages-looks.spec.ts). Cells
    // that stick (position set by their own styles) keep it: this is the base layer.
    'th, td': { position: 'relative' },
    '.mate-spin': { animation: 'mate-spin 1s linear infinite', _motionReduce: { animation: 'none' } },
    '.mate-spin-slow': { animation: 'mate-spin 2s ease-in-out infinite', _motionReduce: { animation: 'none' } },
    '.mate-pulse': { animation: 'mate-pulse 1s ease-in-out infinite', _motionReduce: { animation: 'none' } },
  },
});

/** The Chakra system of the app. */
export const appSystem = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
