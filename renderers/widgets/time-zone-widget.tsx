import { NativeSelect } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { timeZoneNames } from '../../schemas';
import type { EntityFormContext } from '../form-context';

interface ZoneGroup {
  region: string;
  zones: { name: string; label: string }[];
}

/** A zone's current offset from UTC as the language writes it ("GMT+09:00"); nothing when the runtime cannot say. */
function offsetOf(zone: string, locale: string | undefined): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(Date.now());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The zones grouped by their region (the part before the first slash), each labelled with its place and offset. */
function zoneGroups(locale: string | undefined, current: string | undefined): ZoneGroup[] {
  const names = [...timeZoneNames()];
  // A stored zone the list lacks (an alias such as Asia/Calcutta) stays selectable, so opening a record keeps it.
  if (current && !names.includes(current)) names.push(current);
  const groups = new Map<string, ZoneGroup>();
  for (const name of names.sort()) {
    const slash = name.indexOf('/');
    const region = slash < 0 ? name : name.slice(0, slash);
    const place = (slash < 0 ? name : name.slice(slash + 1)).replace(/_/g, ' ');
    const offset = offsetOf(name, locale);
    const group = groups.get(region) ?? { region, zones: [] };
    group.zones.push({ name, label: offset ? `${place} (${offset})` : place });
    groups.set(region, group);
  }
  return [...groups.values()];
}

/**
 * An IANA time zone (usage `TimeZone`): a native select of the zones the browser knows, grouped by region and
 * labelled with the current offset, so that typing a place's first letters picks it with the keyboard. An optional
 * field has a blank choice (empty: whatever the metadata says applies instead, e.g. a parent record's zone).
 */
export function TimeZoneWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors, registry }: WidgetProps) {
  const locale = (registry.formContext as Partial<EntityFormContext> | undefined)?.locale;
  const current = typeof value === 'string' && value !== '' ? value : undefined;
  const groups = useMemo(() => zoneGroups(locale, current), [locale, current]);
  const read = (raw: string) => (raw === '' ? null : raw);
  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        name={htmlName ?? id}
        value={current ?? ''}
        aria-required={required || undefined}
        autoFocus={autofocus}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-readonly={readonly || undefined}
        onChange={(event) => onChange(read(event.currentTarget.value))}
        onFocus={(event) => onFocus(id, read(event.currentTarget.value))}
        onBlur={(event) => onBlur(id, read(event.currentTarget.value))}
      >
        {(!required || current === undefined) && <option value="" />}
        {groups.map((group) =>
          group.zones.length === 1 && group.zones[0]!.name === group.region ? (
            <option key={group.region} value={group.region}>
              {group.zones[0]!.label}
            </option>
          ) : (
            <optgroup key={group.region} label={group.region}>
              {group.zones.map((zone) => (
                <option key={zone.name} value={zone.name}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
