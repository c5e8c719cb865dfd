import { Box, Button, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { organisationGroups, type TenantOption } from '../lib/tenancy/organisation-options';
import { CountryFlag } from '../lib/ui/country-flag';
import { useTenancy } from './tenancy-context';

function TenantButton({ tenant, current, onChoose }: { tenant: TenantOption; current: boolean; onChoose: () => void }) {
  return (
    <Button variant={current ? 'subtle' : 'ghost'} size="sm" justifyContent="start" gap="2" aria-current={current || undefined} onClick={onChoose} data-testid="organisation-option">
      <CountryFlag country={tenant.country} />
      <Text as="span" truncate>
        {tenant.text}
      </Text>
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

/** Organisation selector (spec 1 §6): flags, 3 recent in their own group above 7 tenants, search above 8. */
export function OrganisationSelector() {
  const { t } = useLingui();
  const { tenants, tenantOid, recentOids, selectorVisible, chooseTenant } = useTenancy();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  if (!selectorVisible) return null;
  const current = tenants.find((tenant) => tenant.oid === tenantOid) ?? (tenantOid !== undefined ? { oid: tenantOid, text: `#${tenantOid}` } : undefined);
  const groups = organisationGroups(tenants, recentOids, search);
  const currentName = current?.text ?? '';
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
          <Text as="span" maxW="40" truncate>
            {current?.text ?? <Trans>Organisation</Trans>}
          </Text>
          <ChevronDown size={14} aria-hidden />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs" aria-label={t`Organisation`} data-testid="organisation-list">
            <Popover.Body p="2">
              <Stack gap="2">
                {groups.searchable && <Input size="sm" placeholder={t`Search organisations`} aria-label={t`Search organisations`} value={search} onChange={(event) => setSearch(event.currentTarget.value)} autoFocus />}
                <Box maxH="20rem" overflowY="auto">
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
                        <TenantButton key={tenant.oid} tenant={tenant} current={tenant.oid === tenantOid} onChoose={() => choose(tenant.oid)} />
                      ))}
                    </Group>
                    {groups.all.length === 0 && groups.recent.length === 0 && (
                      <Text textStyle="sm" color="fg.muted" px="2">
                        <Trans>No organisation matches the search.</Trans>
                      </Text>
                    )}
                  </Stack>
                </Box>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
