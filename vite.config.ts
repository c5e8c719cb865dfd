import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeFiles } from './scripts/vite-locale-files.ts';
import { buildInfoFor } from './server/build-info.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** Writes dist/version.json: the UI's build version, which the server and the UI both report. */
function versionFile(): Plugin {
  return {
    name: 'mate-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify(buildInfoFor(new Date()), null, 2) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Lingui macros need Babel; plugin-react 6 runs none, so they go through rolldown's Babel plugin.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: [/\/(src|renderers)\/.*\.[jt]sx?$/] }),
    lingui(),
    versionFile(),
    // Catalogues and locale data as /loc/{locale}.json and /assets/cldr/{locale}.json, fetched per language.
    localeFiles(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A feature's index.ts only re-exports. Declared free of side effects, an import through it binds to the
      // module that defines the name, so the sign-in page's chunk does not drag in every module the index lists
      // (the auth index names the user menu the lazily loaded shell uses).
      treeshake: { moduleSideEffects: [{ test: /\/src\/[^/]+\/index\.ts$/, sideEffects: false }] },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/version.json': { target: apiTarget },
    },
  },
});
