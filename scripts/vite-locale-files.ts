import type { Plugin } from 'vite';
import { catalogueFile, compiledCatalogueJson, configuredLocales, localeData, localeDataFile } from './locale-files.ts';

const REQUEST = /^\/(?:loc\/([a-z]{2})|assets\/cldr\/([a-z]{2}))\.json$/;

/**
 * Emits `loc/{locale}.json` and `assets/cldr/{locale}.json` for every configured language into the build (the server
 * serves them as static files), and answers the same paths in the dev server from the current .po files.
 */
export function localeFiles(): Plugin {
  return {
    name: 'mate-locale-files',
    async generateBundle() {
      for (const locale of configuredLocales()) {
        this.emitFile({ type: 'asset', fileName: catalogueFile(locale), source: await compiledCatalogueJson(locale) });
        this.emitFile({ type: 'asset', fileName: localeDataFile(locale), source: JSON.stringify(localeData(locale)) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = REQUEST.exec((request.url ?? '').split('?')[0]!);
        const locale = match?.[1] ?? match?.[2];
        if (!match || !locale || !configuredLocales().includes(locale)) return next();
        const body = match[1] ? compiledCatalogueJson(locale) : Promise.resolve(JSON.stringify(localeData(locale)));
        body.then(
          (json) => {
            response.setHeader('content-type', 'application/json; charset=utf-8');
            response.setHeader('cache-control', 'no-cache');
            response.end(json);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
