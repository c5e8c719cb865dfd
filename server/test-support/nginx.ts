import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port';

/** nginx from Debian (`apt-get install nginx-light`), if the machine has it. */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));

/** A running nginx in front of instances; `X-Mate-Upstream` on every answer says which instance gave it. */
export interface LoadBalancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The configuration docs/operations.md "Several instances" gives: round robin without sticky sessions, the
 * WebSocket upgrade passed on, long reads for hub and terminal sockets, and a request that could not reach an
 * instance (refused, reset before an answer) tried on the next one.
 */
export function nginxConfiguration(listenPort: number, upstreams: number[], folder: string): string {
  return `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream mate {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 50m;
    location / {
      proxy_pass http://mate;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
      add_header X-Mate-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx on a free port in front of the given instance ports. */
export async function startLoadBalancer(upstreams: number[]): Promise<LoadBalancer> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed: apt-get install nginx-light');
  const folder = mkdtempSync(path.join(tmpdir(), 'mate-nginx-'));
  for (const part of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, part));
  const port = await freePort();
  const file = path.join(folder, 'nginx.conf');
  writeFileSync(file, nginxConfiguration(port, upstreams, folder));
  const child = spawn(NGINX_BINARY, ['-p', folder, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${text}`);
    const listening = await fetch(`${url}/api/health`).then(() => true, () => false);
    if (listening) break;
    if (attempt > 100) throw new Error(`nginx did not listen: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
