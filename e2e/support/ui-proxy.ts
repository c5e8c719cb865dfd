import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { freePort } from './free-port';

/** A front web server as in production: the built UI from dist/, /api proxied to wherever the API is. */
export interface UiProxy {
  url: string;
  /** Points /api at a running API, or at nothing (undefined): then API calls get 502 as from a real proxy. */
  setApiPort: (port: number | undefined) => void;
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.map': 'application/json' };

/** Starts the proxy; the UI keeps loading while the API behind it is down. */
export async function startUiProxy(distDir = path.resolve('dist')): Promise<UiProxy> {
  let apiPort: number | undefined;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/') || url === '/version.json') {
      if (apiPort === undefined) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('Bad Gateway: the API is not running');
        return;
      }
      const upstream = request({ host: '127.0.0.1', port: apiPort, path: url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('Bad Gateway');
      });
      req.pipe(upstream);
      return;
    }
    const file = path.join(distDir, decodeURIComponent(url.split('?')[0] ?? '/'));
    const target = file.startsWith(distDir) && existsSync(file) && statSync(file).isFile() ? file : path.join(distDir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    setApiPort: (next) => (apiPort = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
