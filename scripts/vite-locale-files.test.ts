import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { localeFiles } from './vite-locale-files';

/** The dev server's middleware the plugin adds, called as Connect would. */
function devMiddleware(): (url: string) => Promise<{ handled: boolean; body?: string; headers: Record<string, string> }> {
  let handler: Connect.NextHandleFunction | undefined;
  const server = { middlewares: { use: (fn: Connect.NextHandleFunction) => (handler = fn) } } as unknown as ViteDevServer;
  const plugin = localeFiles();
  (plugin.configureServer as (server: ViteDevServer) => void)(server);
  return (url) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      const response = {
        setHeader: (name: string, value: string) => (headers[name] = value),
        end: (body: string) => resolve({ handled: true, body, headers }),
      } as unknown as ServerResponse;
      handler!({ url } as IncomingMessage, response, (error?: unknown) => (error ? reject(error) : resolve({ handled: false, headers })));
    });
}

describe('the dev server', () => {
  const get = devMiddleware();

  it('answers /loc/{locale}.json with the compiled catalogue and /assets/cldr/{locale}.json with the locale data', async () => {
    const catalogue = await get('/loc/de.json?t=1');
    expect(catalogue.handled).toBe(true);
    expect(catalogue.headers['content-type']).toMatch(/^application\/json/);
    expect(catalogue.body).toContain('Mate Backoffice');
    const data = await get('/assets/cldr/ar.json');
    expect(JSON.parse(data.body!)).toMatchObject({ locale: 'ar', direction: 'rtl' });
  });

  it('leaves other paths and unknown languages to the next handler', async () => {
    for (const url of ['/loc/xx.json', '/assets/cldr/de.js', '/assets/index.js', '/api/info']) expect((await get(url)).handled, url).toBe(false);
  });
});

