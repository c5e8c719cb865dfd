import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';

/**
 * Serves the built UI from `staticDir` with a single-page fallback: any GET outside /api that asks for
 * HTML gets index.html, so deep links work. Without a build the fallback says how to make one.
 */
export async function registerStaticUi(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    // In a scope of its own, whose routes are declared public: the UI's files are for everyone, signed in or not
    // (authenticate-first.ts authenticates every other route before its body is read).
    await app.register(async (ui) => {
      ui.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await ui.register(fastifyStatic, {
        root: staticDir,
        wildcard: true,
        index: 'index.html',
        // The header is ours (below): with its own, @fastify/static would send `max-age=0` after it, and the browser
        // would revalidate every chunk on every load.
        cacheControl: false,
        setHeaders(res, filePath) {
          // Hashed assets never change; index.html, the catalogues (/loc) and the locale data (/assets/cldr, named by
          // language, not by content) must always be revalidated.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.includes(`${path.sep}assets${path.sep}cldr${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsHtml) {
      if (hasBuild) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(path.join(staticDir, 'index.html')));
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Mate</title><p>The UI has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>');
    }
    throw new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
  });
}
