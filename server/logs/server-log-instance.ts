import { hostname } from 'node:os';

/** Which server instance a log is of: with several instances each serves its own buffer, and the page says whose. */
export interface ServerLogInstance {
  id: string;
  hostname: string;
  pid: number;
  startedAt: string;
}

export function describeInstance(id: string, startedAt = new Date()): ServerLogInstance {
  return { id, hostname: hostname(), pid: process.pid, startedAt: startedAt.toISOString() };
}
