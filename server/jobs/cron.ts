/**
 * A five-field cron expression (minute hour day-of-month month day-of-week), evaluated in UTC. Each field takes
 * `*`, a number, a range `a-b`, a step `*\/n` or `a-b/n`, and comma lists of those; day of week 0-7 (0 and 7 are
 * Sunday). As in Vixie cron, when both day fields are restricted a day matching either one fires. Names (`MON`),
 * `@daily` shorthands and seconds are not offered: the schedules are written by us and by administrators, and five
 * numeric fields say everything they need. Ours rather than a library: the ones that install on Node 20 either
 * bring a scheduler of timers with them (we schedule through the database) or a timezone database we do not need.
 */
export interface CronExpression {
  readonly source: string;
  /** The first minute strictly after `after` that the expression matches (ms since the epoch, UTC). */
  next(after: number): number;
}

/** A malformed expression; the message names the field and what is wrong. */
export class CronSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronSyntaxError';
  }
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!match) throw new CronSyntaxError(`The ${field.name} field '${text}' is not a number, range, step or list.`);
    const [, whole, from, to, step] = match;
    let low: number = field.min;
    let high: number = field.max;
    if (whole !== '*') {
      low = Number(from);
      high = to !== undefined ? Number(to) : step !== undefined ? field.max : low;
    }
    const by = step !== undefined ? Number(step) : 1;
    if (low < field.min || high > field.max || low > high) throw new CronSyntaxError(`The ${field.name} field '${text}' must stay within ${field.min}-${field.max}.`);
    if (by < 1) throw new CronSyntaxError(`The ${field.name} field '${text}' has a step below 1.`);
    for (let value = low; value <= high; value += by) values.add(value);
  }
  return values;
}

const MINUTE = 60_000;
/** Beyond this an expression such as `0 0 31 2 *` (never) is refused rather than searched forever. */
const SEARCH_LIMIT_MS = 5 * 366 * 24 * 60 * MINUTE;

/** Parses `source`; throws CronSyntaxError naming the bad field. */
export function parseCron(source: string): CronExpression {
  const parts = source.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronSyntaxError(`A schedule has five fields (minute hour day-of-month month day-of-week), got ${parts.length}.`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.has(7)) weekdays.add(0);
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';
  const dayMatches = (date: Date) => {
    const byMonthDay = days.has(date.getUTCDate());
    const byWeekday = weekdays.has(date.getUTCDay());
    if (dayRestricted && weekdayRestricted) return byMonthDay || byWeekday;
    return byMonthDay && byWeekday;
  };
  const expression: CronExpression = {
    source,
    next(after) {
      const date = new Date(Math.floor(after / MINUTE) * MINUTE + MINUTE);
      const limit = after + SEARCH_LIMIT_MS;
      while (date.getTime() <= limit) {
        if (!months.has(date.getUTCMonth() + 1)) {
          date.setUTCMonth(date.getUTCMonth() + 1, 1);
          date.setUTCHours(0, 0, 0, 0);
        } else if (!dayMatches(date)) {
          date.setUTCDate(date.getUTCDate() + 1);
          date.setUTCHours(0, 0, 0, 0);
        } else if (!hours.has(date.getUTCHours())) {
          date.setUTCHours(date.getUTCHours() + 1, 0, 0, 0);
        } else if (!minutes.has(date.getUTCMinutes())) {
          date.setUTCMinutes(date.getUTCMinutes() + 1, 0, 0);
        } else {
          return date.getTime();
        }
      }
      throw new CronSyntaxError(`The schedule '${source}' never fires.`);
    },
  };
  // A schedule that never fires is refused when it is written, not when it is due.
  expression.next(Date.UTC(2000, 0, 1));
  return expression;
}
