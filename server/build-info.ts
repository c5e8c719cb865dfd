import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The version of a build, as served by /version.json and /api/info. */
export interface BuildInfo {
  /** Build version string of the form of spec 1 §9, e.g. 6.025.0114.0840. */
  version: string;
  /** ISO date of the build. */
  buildDate: string;
}

const MAJOR = 6;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Major, year since 2000 in three digits, month and day, hour and minute (UTC): 6.025.0114.0840. */
export function formatBuildVersion(date: Date, major = MAJOR): string {
  return [
    major,
    pad(date.getUTCFullYear() - 2000, 3),
    pad(date.getUTCMonth() + 1) + pad(date.getUTCDate()),
    pad(date.getUTCHours()) + pad(date.getUTCMinutes()),
  ].join('.');
}

/** Describes a build made at `date`. */
export function buildInfoFor(date: Date): BuildInfo {
  return { version: formatBuildVersion(date), buildDate: date.toISOString() };
}

/** The build info the UI build wrote into `staticDir/version.json`, or one for `fallbackDate` without a build. */
export async function readBuildInfo(staticDir: string, fallbackDate = new Date()): Promise<BuildInfo> {
  try {
    const parsed = JSON.parse(await readFile(path.join(staticDir, 'version.json'), 'utf8')) as Partial<BuildInfo>;
    if (typeof parsed.version === 'string' && typeof parsed.buildDate === 'string') return { version: parsed.version, buildDate: parsed.buildDate };
  } catch {
    // No UI build yet (tests, a fresh checkout before `npm run build`): describe this process instead.
  }
  return buildInfoFor(fallbackDate);
}
