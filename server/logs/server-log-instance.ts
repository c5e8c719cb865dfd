import { hostname } from 'node:os';
import type { ServerLogInstance } from '../../schemas/server-log-wire';

export type { ServerLogInstance } from '../../schemas/server-log-wire';

export function describeInstance(id: string, startedAt = new Date()): ServerLogInstance {
  return { id, hostname: hostname(), pid: process.pid, startedAt: startedAt.toISOString() };
}
