import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// Animations the shell's icons use (busy spinner, hourglass, running network calls); reduced motion turns them off.
const config = defineConfig({
  theme: {
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
