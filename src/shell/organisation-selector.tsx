import { Box, Button, Input, Popover, Portal, Separator, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Store } from 'lucide-react';
import { useState } from 'react';
import { organisationGroups, type TenantOption } from '../lib/tenancy/organisation-options';
import { CountryFlag } from '../lib/ui/country-flag';
import { optionKeyDown } from './organisation-keys';
import { useScrollCue } from './scroll-cue';
import { StoreTillList, useStoreTillName } from './store-till-list';
import { useTenancy } from './tenancy-context';

function TenantButton({ tenant, depth, current, onChoose }: { tenant: TenantOption; depth?: number; current: boolean; onChoose: () => void }) {
  return (
    <Button
      variant={current ? 'subtle' : 'ghost'}
      size="sm"
      justifyContent="start"
      gap="2"
      ps={depth ? `${2 + depth * 4}` : undefined}
      aria-current={current || undefined}
      onClick={onChoose}
      data-testid="organisation-option"
      data-depth={depth}
    >
      <CountryFlag country={tenant.country} />
      <Text as="span" truncate data-testid="organisation-name">
        <bdi>{tenant.text}</bdi>
      </Text>
      {tenant.code && (
        <Text as="span" textStyle="xs" color="fg.muted" ms="auto" ps="2" flexShrink="0">
          <bdi>{tenant.code}</bdi>
        </Text>
      )}
    </Button>
  );
}

function Group({ label, children }: { label?: string; children: React.ReactNode }) {
  return (
    <Stack gap="0.5" role="group" aria-label={label}>
      {label && (
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" px="2" pt="1">
          {label}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/**
 * Organisation selector (spec 1 §6): flags, 3 recent in their own group above 7 tenants, search above 8 (name, code or
 * number). All tenants show as a tree: the root, its country tenants, theirs. Keyboard: arrows move between the
 * entries (Down from the search box enters the list), Home/End, Enter chooses, Escape closes, and typing a name's
 * first letters jumps to it. A fade with an arrow at the bottom says that the list scrolls on.
 */
export function OrganisationSelector() {
  const { t } = useLingui();
  const { tenants, tenantOid, recentOids, selectorVisible, chooseTenant, stores, storeTill } = useTenancy();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { ref: scrollBoxRef, more: moreBelow, update: updateCue } = useScrollCue([open, search, tenants.length]);
  // Phones have no room for the store and till selector beside this one: its list comes below the organisations.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const storeTillName = useStoreTillName();
  if (!selectorVisible) return null;
  const current = tenants.find((tenant) => tenant.oid === tenantOid) ?? (tenantOid !== undefined ? { oid: tenantOid, text: `#${tenantOid}` } : undefined);
  const groups = organisationGroups(tenants, recentOids, search);
  const currentName = phone && storeTillName ? `${current?.text ?? ''} · ${storeTillName}` : (current?.text ?? '');
  const choose = (oid: number) => {
    chooseTenant(oid);
    setOpen(false);
    setSearch('');
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        // A search left behind would hide organisations the next time the list opens.
        if (!details.open) setSearch('');
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" gap="2" aria-label={t`Organisation: ${currentName}`} data-testid="organisation-selector">
          <CountryFlag country={current?.country} />
          {/* Phones show the flag only; the button's name still says the organisation. */}
          <Text as="span" maxW="40" truncate hideBelow="sm">
            {current?.text ?? <Trans>Organisation</Trans>}
          </Text>
          {/* On phones the store and till are chosen here too: a store icon says that one narrows the calls. */}
          {phone && storeTillName && <Store size={14} aria-hidden data-testid="organisation-store-mark" />}
          <ChevronDown size={14} aria-hidden />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs" maxW="calc(100vw - 1rem)" aria-label={t`Organisation`} data-testid="organisation-list" onKeyDown={optionKeyDown}>
            <Popover.Body p="2">
              <Stack gap="2">
                {groups.searchable && (
                  <Input size="sm" dir="auto" placeholder={t`Search name or code`} aria-label={t`Search organisations`} value={search} onChange={(event) => setSearch(event.currentTarget.value)} autoFocus data-organisation-search="" />
                )}
                <Box position="relative">
                  <Box ref={scrollBoxRef} maxH="20rem" overflowY="auto" onScroll={updateCue} data-testid="organisation-scroll">
                    <Stack gap="2">
                      {groups.recent.length > 0 && (
                        <Group label={t`Recently used`}>
                          {groups.recent.map((tenant) => (
                            <TenantButton key={tenant.oid} tenant={tenant} current={tenant.oid === tenantOid} onChoose={() => choose(tenant.oid)} />
                          ))}
                        </Group>
                      )}
                      <Group label={groups.recent.length > 0 || tenants.length > 7 ? t`All organisations` : undefined}>
                        {groups.all.map((tenant) => (
                          <TenantButton key={tenant.oid} tenant={tenant} depth={tenant.depth} current={tenant.oid === tenantOid} onChoose={() => choose(tenant.oid)} />
                        ))}
                      </Group>
                      {groups.all.length === 0 && groups.recent.length === 0 && (
                        <Text textStyle="sm" color="fg.muted" px="2">
                          <Trans>No organisation matches the search.</Trans>
                        </Text>
                      )}
                    </Stack>
                  </Box>
                  {moreBelow && (
                    <Box position="absolute" insetX="0" bottom="0" h="10" pointerEvents="none" display="flex" alignItems="end" justifyContent="center" bgGradient="to-b" gradientFrom="transparent" gradientTo="bg.panel" color="fg.muted" data-testid="organisation-more" aria-hidden>
                      <ChevronDown size={16} />
                    </Box>
                  )}
                </Box>
                {phone && (!!stores?.length || !!storeTill) && (
                  <>
                    <Separator />
                    <Box maxH="14rem" overflowY="auto">
                      <StoreTillList heading onChosen={() => setOpen(false)} />
                    </Box>
                  </>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
