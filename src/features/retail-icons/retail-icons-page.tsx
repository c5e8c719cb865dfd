import { Box, chakra, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { searchRetailIcons } from '../../../schemas/retail-icons';
import { copyToClipboard } from '../../lib/toasts/copy-to-clipboard';
import { nextGridIndex } from './grid-focus';
import { RetailIcon } from '../../lib/ui/retail-icons/retail-icon';

/**
 * /tools/retail-icons (component 'retail-icons'): the icons the POS buttons may show, searchable by name and keyword.
 * Arrows move between the icons, Enter or a click copies the icon's name (what a layout's button stores).
 */
export function RetailIconsPage() {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const icons = useMemo(() => searchRetailIcons(query), [query]);
  const current = Math.min(focused, Math.max(0, icons.length - 1));

  const columns = () => {
    const items = gridRef.current?.querySelectorAll<HTMLElement>('[data-icon-name]');
    if (!items || items.length === 0) return 1;
    const top = items[0]!.offsetTop;
    let count = 0;
    while (count < items.length && items[count]!.offsetTop === top) count++;
    return Math.max(1, count);
  };
  const key = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const rtl = gridRef.current ? getComputedStyle(gridRef.current).direction === 'rtl' : false;
    const next = nextGridIndex(event.key, index, icons.length, columns(), rtl);
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    gridRef.current?.querySelectorAll<HTMLElement>('[data-icon-name]')[next]?.focus();
  };

  return (
    <Stack gap="4" data-testid="retail-icons">
      <Field.Root maxW="md">
        <Field.Label>{t`Search icons`}</Field.Label>
        <Input type="search" value={query} onChange={(event) => { setQuery(event.target.value); setFocused(0); }} placeholder={t`Name or keyword, e.g. coffee`} data-testid="retail-icon-search" />
      </Field.Root>
      <Text role="status" textStyle="sm" color="fg.muted" data-testid="retail-icon-count">
        <Trans>{i18n.number(icons.length)} icons. Arrows move between them; Enter copies the name.</Trans>
      </Text>
      {icons.length === 0 ? (
        <Text color="fg.muted">{t`No icon matches the search.`}</Text>
      ) : (
        <SimpleGrid ref={gridRef} minChildWidth="7.5rem" gap="2" role="list" aria-label={t`Retail icons`}>
          {icons.map((icon, index) => (
            <Box key={icon.name} role="listitem">
              <chakra.button
                type="button"
                data-icon-name={icon.name}
                tabIndex={index === current ? 0 : -1}
                title={icon.keywords.join(', ')}
                aria-label={t`Copy the name ${icon.name}`}
                w="full"
                display="flex"
                flexDirection="column"
                alignItems="center"
                gap="2"
                p="3"
                borderWidth="1px"
                borderRadius="md"
                bg="bg.panel"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
                onFocus={() => setFocused(index)}
                onKeyDown={(event: KeyboardEvent<HTMLElement>) => key(event, index)}
                onClick={() => void copyToClipboard(icon.name)}
              >
                <RetailIcon name={icon.name} size={28} />
                <Text as="span" textStyle="xs" fontFamily="mono" dir="ltr">
                  {icon.name}
                </Text>
              </chakra.button>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
