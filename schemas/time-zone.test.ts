import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { addTimeZoneFormat, isTimeZone, timeZoneNames, TIME_ZONE_FORMAT } from './time-zone';

describe('time zones', () => {
  it('offers the IANA zones of the runtime and UTC, sorted', () => {
    const names = timeZoneNames();
    expect(names).toContain('Asia/Tokyo');
    expect(names).toContain('America/New_York');
    expect(names).toContain('UTC');
    expect([...names].sort()).toEqual(names);
  });

  it('takes zones and their aliases, refuses offsets, made-up places and injected text', () => {
    for (const zone of ['Asia/Tokyo', 'Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Asia/Calcutta']) expect(isTimeZone(zone), zone).toBe(true);
    for (const text of ['+05:00', 'Mars/Olympus_Mons', 'Europe/Berlin\u0000', "UTC'; drop table x", '', 'Asia/', 'a'.repeat(300)]) expect(isTimeZone(text), text).toBe(false);
  });

  it('is a format ajv checks', () => {
    const validate = addTimeZoneFormat(new Ajv()).compile({ type: 'string', format: TIME_ZONE_FORMAT });
    expect(validate('Asia/Tokyo')).toBe(true);
    expect(validate('Nowhere/Town')).toBe(false);
  });
});
