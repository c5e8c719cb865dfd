import { describe, expect, it } from 'vitest';
import { formatDocumentTime } from './document-time';

describe('formatDocumentTime', () => {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

  it("shows the time in the document's zone: 15:30 UTC is 00:30 the next day in Tokyo", () => {
    expect(formatDocumentTime({ createdAt: '2026-03-01T15:30:00.000Z', timeZone: 'Asia/Tokyo' }, 'en-CA', options)).toBe('2026-03-02, 00:30');
    expect(formatDocumentTime({ createdAt: '2026-03-02T04:30:00.000Z', timeZone: 'America/New_York' }, 'en-CA', options)).toBe('2026-03-01, 23:30');
  });

  it("falls back to the browser's zone for a zone it does not know, instead of failing", () => {
    const text = formatDocumentTime({ createdAt: '2026-03-01T15:30:00.000Z', timeZone: 'Mars/Olympus' }, 'en-CA', options);
    expect(text).toBe(new Intl.DateTimeFormat('en-CA', options).format(new Date('2026-03-01T15:30:00.000Z')));
  });
});
