// Lint, and the import directions of DESIGN.md as rules: conditions <- schemas <- (renderers, server) <- src;
// server never imports src or renderers; e2e imports no app code; features do not import one another.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const APP_FOLDERS = ['conditions', 'schemas', 'renderers', 'src', 'server'];

/** no-restricted-imports patterns forbidding imports of the named top-level folders. */
function forbidFolders(folders, why) {
  return folders.map((folder) => ({ group: [`**/${folder}/*`, `**/${folder}`, `${folder}/*`], message: `${why} (see DESIGN.md "Layout").` }));
}

const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const purity = [
  { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@chakra-ui/*', '@rjsf/*'], message: 'conditions/ and schemas/ know nothing of React or the DOM.' },
  { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'pg', '@electric-sql/*', 'fastify', 'fastify/*'], message: 'conditions/ and schemas/ run in the browser too: no Node APIs.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'src/locales/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The rules of hooks and the React Compiler's checks (refs, purity, set-state-in-effect...) for the React code.
  { ...reactHooks.configs.flat.recommended, files: ['src/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}'] },
  {
    files: ['conditions/**/*.ts'],
    ignores: ['conditions/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...forbidFolders(APP_FOLDERS.filter((f) => f !== 'conditions'), 'conditions/ imports nothing of the app'), ...purity, { group: ['ajv', 'ajv/*', 'ajv-formats'], message: 'conditions/ imports no libraries.' }] }] },
  },
  {
    files: ['schemas/**/*.ts'],
    ignores: ['schemas/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...forbidFolders(['renderers', 'src', 'server'], 'schemas/ may import conditions/ only'), ...purity] }] },
  },
  {
    files: ['renderers/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbidFolders(['src', 'server'], 'renderers/ may import schemas/ and conditions/ only') }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbidFolders(['src', 'renderers'], 'server/ never imports the front end') }] },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbidFolders(APP_FOLDERS, 'e2e/ drives the product through the browser and HTTP only, it imports no app code') }] },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: features.filter((f) => f !== feature).map((other) => ({ group: [`**/features/${other}/*`, `**/features/${other}`, `../${other}/*`, `../${other}`], message: `Features do not import one another: move what ${feature} needs from ${other} into src/lib/.` })) },
      ],
    },
  })),
);
