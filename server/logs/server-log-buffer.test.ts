import { describe, expect, it } from 'vitest';
import { ServerLogBuffer } from './server-log-buffer';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: Date.parse('2026-01-02T03:04:05Z'), pid: 1, hostname: 'h', ...fields });

describe('ServerLogBuffer', () => {
  it('keeps only the newest `capacity` lines, numbered on across the wrap', () => {
    const buffer = new ServerLogBuffer(3);
    for (let n = 1; n <= 5; n += 1) buffer.stream.write(line({ msg: `line ${n}` }));
    expect(buffer.lastSeq).toBe(5);
    expect(buffer.firstSeq).toBe(3);
    const page = buffer.read({ take: 10 });
    expect(page.items.map((record) => [record.seq, record.message])).toEqual([
      [3, 'line 3'],
      [4, 'line 4'],
      [5, 'line 5'],
    ]);
    expect(page.hasMore).toBe(false);
    // A reader that was at seq 1 missed line 2: it gets what is left and sees firstSeq beyond its after + 1.
    expect(buffer.read({ after: 1, take: 10 })).toMatchObject({ firstSeq: 3, items: [{ seq: 3 }, { seq: 4 }, { seq: 5 }] });
  });

  it('pages forward with after and take, and answers the newest lines without after', () => {
    const buffer = new ServerLogBuffer(100);
    for (let n = 1; n <= 10; n += 1) buffer.stream.write(line({ msg: `line ${n}` }));
    expect(buffer.read({ after: 2, take: 3 })).toMatchObject({ items: [{ seq: 3 }, { seq: 4 }, { seq: 5 }], hasMore: true, lastSeq: 10 });
    expect(buffer.read({ after: 8, take: 3 })).toMatchObject({ items: [{ seq: 9 }, { seq: 10 }], hasMore: false });
    expect(buffer.read({ take: 2 })).toMatchObject({ items: [{ seq: 9 }, { seq: 10 }], hasMore: true });
    expect(buffer.read({ after: 10, take: 5 }).items).toEqual([]);
  });

  it('filters by lowest level and by text in message, request id, URL and details', () => {
    const buffer = new ServerLogBuffer(100);
    buffer.stream.write(line({ level: 20, msg: 'debug chatter' }));
    buffer.stream.write(line({ level: 30, msg: 'incoming request', reqId: 'req-7', req: { method: 'GET', url: '/api/info' } }));
    buffer.stream.write(line({ level: 40, msg: 'slow query', table: 'Articles' }));
    buffer.stream.write(line({ level: 50, msg: 'boom', err: { message: 'disk full' } }));
    expect(buffer.read({ level: 'warn', take: 10 }).items.map((record) => record.level)).toEqual(['warn', 'error']);
    expect(buffer.read({ q: 'REQ-7', take: 10 }).items.map((record) => record.message)).toEqual(['incoming request']);
    expect(buffer.read({ q: '/api/info', take: 10 }).items).toHaveLength(1);
    expect(buffer.read({ q: 'disk full', take: 10 }).items.map((record) => record.message)).toEqual(['boom']);
    expect(buffer.read({ q: 'articles', level: 'error', take: 10 }).items).toEqual([]);
  });

  it('turns a Fastify completion line into method, URL, route and status, and skips lines that are not JSON', () => {
    const buffer = new ServerLogBuffer(10);
    buffer.stream.write('not json\n');
    buffer.stream.write(line({ msg: 'request completed', reqId: 'req-1', res: { statusCode: 401, method: 'GET', url: '/api/x', route: '/api/:x' }, responseTime: 3.2491234 }));
    expect(buffer.read({ take: 10 }).items).toEqual([
      { seq: 1, time: '2026-01-02T03:04:05.000Z', level: 'info', message: 'request completed', reqId: 'req-1', method: 'GET', url: '/api/x', route: '/api/:x', status: 401, details: '{"responseTime":3.2}' },
    ]);
  });

  it('never keeps secrets: tokens in URLs and messages, fields named like secrets at any depth', () => {
    const buffer = new ServerLogBuffer(10);
    buffer.stream.write(line({ msg: 'hub', req: { url: '/api/hub/mate?id=secret7&access_token=x' } }));
    buffer.stream.write(line({ msg: 'opened /api/hub/mate?id=1&access_token=eyJsecret1', req: { url: '/x?token=abc.secret2&a=1' }, user: { password: 'secret3', nested: { apiKey: 'secret4' } }, headers: { authorization: 'Bearer secret5', Cookie: 'sid=secret6' } }));
    const text = JSON.stringify(buffer.read({ take: 10 }));
    for (const secret of ['secret1', 'secret2', 'secret3', 'secret4', 'secret5', 'secret6', 'secret7']) expect(text).not.toContain(secret);
    expect(text).toContain('/api/hub/mate?id=[redacted]&access_token=[redacted]');
  });

  it('tells subscribers of every new line and stops when asked', () => {
    const buffer = new ServerLogBuffer(10);
    const heard: number[] = [];
    const stop = buffer.subscribe((record) => heard.push(record.seq));
    buffer.stream.write(line({ msg: 'a' }));
    stop();
    buffer.stream.write(line({ msg: 'b' }));
    expect(heard).toEqual([1]);
  });
});
