import { LOG_LEVELS, toServerLogRecord, type LogLevelName, type ServerLogRecord } from './server-log-record';

/** How many lines an instance keeps by default (MATE_SERVER_LOG_SIZE). */
export const DEFAULT_SERVER_LOG_SIZE = 2_000;

/** What a reader asks for: lines after a sequence number, from a level up, containing a text. */
export interface ServerLogQuery {
  /** Only lines with a higher seq, oldest first; without it, the newest `take` lines. */
  after?: number;
  level?: LogLevelName;
  /** Case-insensitive text in the message, request id, method, URL, route or details. */
  q?: string;
  take: number;
}

/** One page of lines, oldest first. */
export interface ServerLogPage {
  items: ServerLogRecord[];
  /** The newest line's seq of the whole buffer (0 when empty): page on with `after=lastSeq`. */
  lastSeq: number;
  /** The oldest line still kept: an `after` below `firstSeq - 1` missed lines the buffer has dropped. */
  firstSeq: number;
  /** More matching lines than `take`: after the page (with `after`) or before it (without). */
  hasMore: boolean;
}

const matches = (record: ServerLogRecord, minLevel: number, needle: string | undefined): boolean => {
  if (LOG_LEVELS[record.level] < minLevel) return false;
  if (!needle) return true;
  return [record.message, record.reqId, record.method, record.url, record.route, record.details].some((field) => field !== undefined && field.toLowerCase().includes(needle));
};

/**
 * The most recent lines of this instance's log, in memory: a fixed-size ring fed by the app's pino logger as one
 * of its streams (`stream`), so it sees exactly what the logger writes, after the logger's redaction.
 */
export class ServerLogBuffer {
  private readonly ring: (ServerLogRecord | undefined)[];
  private nextSeq = 1;
  private readonly listeners = new Set<(record: ServerLogRecord) => void>();

  constructor(readonly capacity: number = DEFAULT_SERVER_LOG_SIZE) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new Error(`A server log buffer needs a capacity of at least 1, got ${capacity}.`);
    this.ring = new Array<ServerLogRecord | undefined>(capacity);
  }

  /** The pino destination: every line the logger writes (one JSON object per line). */
  readonly stream = {
    write: (line: string): void => {
      const record = toServerLogRecord(line, this.nextSeq);
      if (record) this.append(record);
    },
  };

  private append(record: ServerLogRecord): void {
    this.ring[(record.seq - 1) % this.capacity] = record;
    this.nextSeq = record.seq + 1;
    for (const listener of [...this.listeners]) listener(record);
  }

  /** The newest seq written (0 before the first line). */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** The oldest seq still kept (1 until the ring wraps; lastSeq + 1 when empty). */
  get firstSeq(): number {
    return Math.max(1, this.nextSeq - this.capacity);
  }

  /** Calls `listener` with every new line; returns the function that stops it. */
  subscribe(listener: (record: ServerLogRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private at(seq: number): ServerLogRecord | undefined {
    return this.ring[(seq - 1) % this.capacity];
  }

  read(query: ServerLogQuery): ServerLogPage {
    const minLevel = query.level ? LOG_LEVELS[query.level] : 0;
    const needle = query.q?.trim().toLowerCase() || undefined;
    // With `after`: forwards from the line after it; without: backwards from the newest, turned oldest-first below.
    const forwards = query.after !== undefined;
    const step = forwards ? 1 : -1;
    const inBuffer = (seq: number) => seq >= this.firstSeq && seq <= this.lastSeq;
    const items: ServerLogRecord[] = [];
    let hasMore = false;
    for (let seq = query.after !== undefined ? Math.max(this.firstSeq, query.after + 1) : this.lastSeq; inBuffer(seq); seq += step) {
      const record = this.at(seq);
      if (!record || !matches(record, minLevel, needle)) continue;
      if (items.length === query.take) {
        hasMore = true;
        break;
      }
      items.push(record);
    }
    if (!forwards) items.reverse();
    return { items, lastSeq: this.lastSeq, firstSeq: this.firstSeq, hasMore };
  }

}
