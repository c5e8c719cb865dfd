import { NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useTenancy } from '../../shell/tenancy-context';

/** Chooses one of the user's tenants, or all of them (undefined). */
export function TenantFilter({ value, onChange }: { value: number | undefined; onChange: (oid: number | undefined) => void }) {
  const { t } = useLingui();
  const { tenants } = useTenancy();
  return (
    <NativeSelect.Root size="sm" maxW="64">
      <NativeSelect.Field value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))} aria-label={t`Tenant`} data-testid="tenant-filter">
        <option value="">{t`All tenants`}</option>
        {tenants.map((tenant) => (
          <option key={tenant.oid} value={tenant.oid}>
            {tenant.text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
