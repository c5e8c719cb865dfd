import { Badge, Box, HStack, Input, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { CompiledLookup } from '../../schemas';
import type { EntityFormContext, LookupOption, LookupResolver, LookupSource } from '../form-context';
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

/** Props of the lookup picker: the value, the lookup it points through, and where to search and resolve. */
export interface LookupPickerProps {
  id: string;
  name?: string;
  value: unknown;
  lookup: CompiledLookup;
  source: LookupSource | undefined;
  resolve?: LookupResolver;
  /** The chosen value; an emptied box gives `empty`. */
  onChange: (value: unknown) => void;
  /** What an emptied box stands for (null for nullable fields, else undefined). */
  empty?: null;
  required?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  autofocus?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}

/**
 * Lookup dropdown: searches the looked-up kind six results at a time (and six more on "Load more", which the
 * arrow keys reach as the last entry), shows icons and country flags, says when there are too many or no
 * entries. The current value's text comes from `resolve` (else the value itself is shown).
 */
export function LookupPicker({ id, name, value, lookup, source, resolve, onChange, empty, required, disabled, readonly, autofocus, invalid, ariaLabel, onFocus, onBlur }: LookupPickerProps) {
  const { t } = useLingui();
  const [chosen, setSelected] = useState<LookupOption | null>(null);
  const noValue = value === null || value === undefined || value === '';
  // An emptied value shows no option (the last one is kept for when the value comes back).
  const selected = noValue ? null : chosen;
  const [query, setQuery] = useState<string | null>(null); // null: not searching, the selection is shown
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useLookupSearch(source, lookup, query ?? '', open);

  useEffect(() => {
    if (noValue || selected?.value === value || !resolve) return;
    let live = true;
    void resolve(lookup, value as string | number).then((option) => live && setSelected(option));
    return () => {
      live = false;
    };
  }, [noValue, value, resolve, lookup, selected?.value]);

  const items = search.items;
  // "Load more" is one more entry after the items while more exist.
  const moreIndex = search.hasMore && !search.loading ? items.length : -1;
  const entries = items.length + (moreIndex >= 0 ? 1 : 0);
  const listId = `${id}__listbox`;
  const optionId = (index: number) => (index === moreIndex ? `${id}__more` : `${id}__option-${index}`);
  const locked = disabled || readonly;
  const activeId = optionId(active);

  useEffect(() => {
    if (!open) return;
    const element = document.getElementById(activeId);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, open, entries]);

  const choose = (option: LookupOption) => {
    if (option.disabled) return;
    setSelected(option);
    setQuery(null);
    setOpen(false);
    onChange(option.value);
  };
  const loadMore = () => {
    setActive(items.length); // the first of the next six, once they arrive
    search.loadMore();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (entries === 0 ? 0 : (a + step + entries) % entries));
    } else if (event.key === 'Enter') {
      event.preventDefault(); // never submits the form
      if (open && active === moreIndex) return loadMore();
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
          name={name ?? id}
          role="combobox"
          dir="auto"
          autoComplete="off"
          aria-label={ariaLabel}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active < entries ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={query === null && selected?.disabled ? `${id}__disabled` : undefined}
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
            onFocus?.();
          }}
          onBlur={() => {
            // An emptied box clears the value; other typed text that chose nothing is dropped.
            if (query !== null && query.trim() === '') {
              setSelected(null);
              onChange(empty);
            }
            setQuery(null);
            setOpen(false);
            setActive(0);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {open && search.loading && <Spinner size="xs" />}
        {/* A kept reference to a record disabled since: still shown by its text, marked, and saved as it is. */}
        {query === null && selected?.disabled && (
          <Badge id={`${id}__disabled`} colorPalette="orange" variant="subtle" flexShrink={0} data-testid="lookup-disabled-mark" title={t`This record is disabled: it can stay, but cannot be chosen again.`}>
            {t`Disabled`}
          </Badge>
        )}
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
                id={optionId(index)}
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
            {moreIndex >= 0 && (
              <Box
                as="li"
                id={optionId(moreIndex)}
                role="option"
                aria-selected={false}
                data-load-more
                minHeight={`${ITEM_HEIGHT_REM}rem`}
                display="flex"
                alignItems="center"
                paddingInline="3"
                cursor="pointer"
                color="fg.info"
                fontSize="sm"
                bg={active === moreIndex ? 'bg.muted' : undefined}
                onMouseEnter={() => setActive(moreIndex)}
                onMouseDown={(event) => {
                  event.preventDefault();
                  loadMore();
                }}
              >
                {t`Load more`}
              </Box>
            )}
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

/** The rjsf lookup widget: the picker with the lookup of the field's `ui:options` and the form's source. */
export function LookupWidget({ id, name, value, schema, options, registry, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const { t } = useLingui();
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  const lookup = options.lookup as CompiledLookup | undefined;
  if (!lookup) {
    return (
      <Text role="alert" color="fg.error" id={id}>
        {t`Lookup ''${name}'' missing!`}
      </Text>
    );
  }
  return (
    <LookupPicker
      id={id}
      name={htmlName ?? id}
      value={value}
      lookup={lookup}
      source={context?.lookupSource}
      resolve={context?.resolveLookup}
      onChange={onChange}
      empty={isNullable(schema) ? null : undefined}
      required={required}
      disabled={disabled}
      readonly={readonly}
      autofocus={autofocus}
      invalid={rawErrors !== undefined && rawErrors.length > 0}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
