import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Why not "listen on port 0, close, hand the number out": the kernel gives that port to the next caller as readily
// as to anyone, so a port a test was handed (and binds only seconds later, once its server has started) or a port a
// test just released to restart its server on it could meanwhile be handed to the other worker. Its server then
// fails to bind, while the health check of its test is answered by the first test's server: the test runs against
// the wrong product and sees refused connections once that one stops.
//
// Instead each port is reserved for the process that took it, until that process ends: taken from a range below
// the kernel's ephemeral ports (so no bind(0) or outgoing connection is ever given it), and claimed by a file
// created exclusively in a folder every Playwright worker (and every run beside this one) shares.

/** Below Linux's default ephemeral range (32768-60999) and above the usual well-known services. */
const FIRST = 20_000;
const COUNT = 10_000;
const CLAIMS = path.join(tmpdir(), 'mate-e2e-ports');
const mine = new Set<number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeClaim(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Claims `port` for this process. A claim left by a process that has ended is taken over: moved aside first, so of
 * two processes doing so at once only one gets it (the other finds a live claim in what it moved, and puts it back).
 */
function claim(port: number): boolean {
  const file = path.join(CLAIMS, String(port));
  if (writeClaim(file)) return true;
  let owner: number;
  try {
    owner = Number(readFileSync(file, 'utf8'));
  } catch {
    return false; // gone meanwhile: someone else is at it; try another port
  }
  if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) return false;
  const aside = `${file}.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return false;
  }
  if (Number(readFileSync(aside, 'utf8')) !== owner) {
    renameSync(aside, file); // a live claim made after our read: hand it back
    return false;
  }
  unlinkSync(aside);
  return writeClaim(file);
}

/** True when nothing (outside this scheme too) listens on the port right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

process.once('exit', () => {
  for (const port of mine) {
    try {
      unlinkSync(path.join(CLAIMS, String(port)));
    } catch {
      // already gone
    }
  }
});

/**
 * A TCP port on 127.0.0.1 that nothing listens on now and that no other test process will be handed until this one
 * ends, so a test may start a server on it, stop it and start one again on the same port.
 */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true });
  // A random start keeps workers and parallel runs from contending for the same claims.
  const start = Math.floor(Math.random() * COUNT);
  for (let i = 0; i < COUNT; i++) {
    const port = FIRST + ((start + i) % COUNT);
    if (!claim(port)) continue;
    mine.add(port); // kept even when something else listens there, so it is not tried again
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port left in ${FIRST}-${FIRST + COUNT - 1} (claims in ${CLAIMS})`);
}
