import { Box, HStack, Input, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { CompiledLookup } from '../../schemas';
import type { EntityFormContext, LookupOption } from '../form-context';
import { CountryFlag } from './country-flag';
import { LOOKUP_TAKE, useLookupSearch } from './lookup-search';
import { NamedIcon } from './named-icon';
import { isNullable } from './schema-traits';

/** Height of one menu item; the menu shows about seven (spec 2 §9). */
const ITEM_HEIGHT_REM = 2.25;
const VISIBLE_ITEMS = 7;

function OptionContent({ option }: { option: LookupOption }) {
  return (
    <HStack gap="2" width="full" textDecoration={option.deleted ? 'line-through' : undefined}>
      <NamedIcon name={option.icon} />
      <CountryFlag country={option.country} />
      <Text flex="1" truncate>
        {option.text}
      </Text>
      {option.shortcut && (
        <Text fontSize="xs" color="fg.muted">
          {option.shortcut}
        </Text>
      )}
    </HStack>
  );
}

/**
 * Lookup dropdown: searches the looked-up kind through `formContext.lookupSource` six results at a time, shows
 * icons and country flags, says when there are too many or no entries, and names a missing lookup definition.
 * The current value's text comes from `formContext.resolveLookup` (else the value itself is shown).
 */
export function LookupWidget({ id, name, value, schema, options, registry, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const { t } = useLingui();
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  const lookup = options.lookup as CompiledLookup | undefined;
  const [selected, setSelected] = useState<LookupOption | null>(null);
  const [query, setQuery] = useState<string | null>(null); // null: not searching, the selection is shown
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useLookupSearch(context?.lookupSource, lookup, query ?? '', open);

  const resolve = context?.resolveLookup;
  useEffect(() => {
    if (value === null || value === undefined || value === '') return setSelected(null);
    if (selected?.value === value || !resolve || !lookup) return;
    let live = true;
    void resolve(lookup, value as string | number).then((option) => live && setSelected(option));
    return () => {
      live = false;
    };
  }, [value, resolve, lookup, selected?.value]);

  if (!lookup) {
    return (
      <Text role="alert" color="fg.error" id={id}>
        {t`Lookup ''${name}'' missing!`}
      </Text>
    );
  }

  const choose = (option: LookupOption) => {
    if (option.disabled) return;
    setSelected(option);
    setQuery(null);
    setOpen(false);
    onChange(option.value);
  };
  const items = search.items;
  const listId = `${id}__listbox`;
  const locked = disabled || readonly;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (items.length === 0 ? 0 : (a + step + items.length) % items.length));
    } else if (event.key === 'Enter') {
      event.preventDefault(); // never submits the form
      const option = items[active];
      if (open && option) choose(option);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };
  const shownText = query ?? (selected?.text ?? (value === null || value === undefined ? '' : String(value)));
  const notice = search.loading
    ? null
    : search.hasMore
      ? t`Too many entries, please refine search.`
      : items.length === 0
        ? search.query !== ''
          ? t`No entry, please adjust search.`
          : t`No entry.`
        : null;

  return (
    <Box position="relative" width="full">
      <HStack gap="2">
        {query === null && selected && <NamedIcon name={selected.icon} />}
        {query === null && selected && <CountryFlag country={selected.country} />}
        <Input
          id={id}
          name={htmlName ?? id}
          role="combobox"
          autoComplete="off"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && items[active] ? `${id}__option-${active}` : undefined}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          value={shownText}
          required={required}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={autofocus}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => {
            if (!locked) setOpen(true);
            onFocus(id, value);
          }}
          onBlur={() => {
            // An emptied box clears the value; other typed text that chose nothing is dropped.
            if (query !== null && query.trim() === '') {
              setSelected(null);
              onChange(isNullable(schema) ? null : undefined);
            }
            setQuery(null);
            setOpen(false);
            onBlur(id, value);
          }}
          onKeyDown={onKeyDown}
        />
        {open && search.loading && <Spinner size="xs" />}
      </HStack>
      {open && !locked && (
        <Box
          position="absolute"
          zIndex="dropdown"
          insetInlineStart="0"
          insetInlineEnd="0"
          marginTop="1"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
        >
          <Box as="ul" id={listId} role="listbox" maxHeight={`${ITEM_HEIGHT_REM * VISIBLE_ITEMS}rem`} overflowY="auto" data-take={LOOKUP_TAKE}>
            {items.map((option, index) => (
              <Box
                as="li"
                key={String(option.value)}
                id={`${id}__option-${index}`}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                minHeight={`${ITEM_HEIGHT_REM}rem`}
                display="flex"
                alignItems="center"
                paddingInline="3"
                cursor={option.disabled ? 'not-allowed' : 'pointer'}
                opacity={option.disabled ? 0.5 : 1}
                bg={index === active ? 'bg.muted' : undefined}
                onMouseEnter={() => setActive(index)}
                // mousedown, not click: the input's blur would close the menu first
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                <OptionContent option={option} />
              </Box>
            ))}
          </Box>
          {notice && (
            <Text paddingInline="3" paddingBlock="2" fontSize="sm" color="fg.muted" role="status">
              {notice}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
