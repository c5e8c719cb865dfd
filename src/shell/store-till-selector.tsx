import { Button, Popover, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, Store } from 'lucide-react';
import { useState } from 'react';
import { optionKeyDown } from './organisation-keys';
import { StoreTillList, useStoreTillName } from './store-till-list';
import { useTenancy } from './tenancy-context';

/**
 * The store and till selector beside the organisation selector (spec 2 §6): the locations of the current organisation
 * with their tills. The choice narrows every data call (scope headers). On phones, where the title bar has no room for
 * a second selector, the list sits in the organisation selector's popover instead; this button shows there only when
 * there is no organisation selector. Keyboard as the organisation list: arrows, Home/End, type-ahead, Enter, Escape.
 */
export function StoreTillSelector() {
  const { t } = useLingui();
  const { stores, storeTill, selectorVisible } = useTenancy();
  const [open, setOpen] = useState(false);
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const name = useStoreTillName();
  if ((phone && selectorVisible) || (!stores?.length && !storeTill)) return null;
  // The visible text is the accessible name's own words (axe: label-content-name-mismatch).
  const label = name ?? t`Whole organisation`;
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant={storeTill ? 'subtle' : 'outline'} size="sm" gap="2" aria-label={t`Store and till: ${label}`} data-testid="store-till-selector">
          <Store size={16} aria-hidden />
          <Text as="span" maxW="48" truncate hideBelow="sm">
            {label}
          </Text>
          <ChevronDown size={14} aria-hidden />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs" maxW="calc(100vw - 1rem)" aria-label={t`Store and till`} data-testid="store-till-popover" onKeyDown={optionKeyDown}>
            <Popover.Body p="2" maxH="24rem" overflowY="auto">
              <StoreTillList onChosen={() => setOpen(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
