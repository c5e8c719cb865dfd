import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// Chakra's solid teal, green, orange (light) and cyan put white text on the 600 shade, which misses the WCAG AA
// contrast of 4.5:1 (teal 3.7:1); the 700 shade passes in both themes (axe scan, e2e/shell-a11y.spec.ts).
const solid = (palette: string, dark = `{colors.${palette}.700}`) => ({ solid: { value: { _light: `{colors.${palette}.700}`, _dark: dark } } });

const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: { teal: solid('teal'), green: solid('green'), orange: solid('orange', '{colors.orange.500}'), cyan: solid('cyan') },
    },
    // Animations the shell's icons use (busy spinner, hourglass, running network calls); reduced motion turns them off.
    keyframes: {
      'mate-spin': { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
      'mate-pulse': { '50%': { opacity: 0.4 } },
    },
  },
  globalCss: {
    '.mate-spin': { animation: 'mate-spin 1s linear infinite', _motionReduce: { animation: 'none' } },
    '.mate-spin-slow': { animation: 'mate-spin 2s ease-in-out infinite', _motionReduce: { animation: 'none' } },
    '.mate-pulse': { animation: 'mate-pulse 1s ease-in-out infinite', _motionReduce: { animation: 'none' } },
  },
});

/** The Chakra system of the app. */
export const appSystem = createSystem(defaultConfig, config);
