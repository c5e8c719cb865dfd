import { Box, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { useSearchParams } from 'react-router';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { useTenancy } from '../../shell/tenancy-context';
import type { GroupView } from './pos-settings-types';
import { SettingRow, useScopeName } from './setting-row';
import { usePosConfiguration } from './use-pos-configuration';
import { useScopeOptions } from '../../lib/tenancy/pos-scope-options';
import type { PageProps } from '../../app/page-registry';

const SCOPE = /^(GLOBAL|COUNTRY:[A-Z]{2}|(TENANT|LOCATION|TERMINAL):[1-9]\d{0,14})$/;

function Group({ group, level, canChange, onOverride, onReset }: { group: GroupView; level: number; canChange: boolean; onOverride: (path: string, value: unknown) => Promise<void>; onReset: (path: string) => Promise<void> }) {
  const headingId = `group-${group.path}`;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="setting-group">
      <Heading as={level === 0 ? 'h2' : 'h3'} id={headingId} size={level === 0 ? 'md' : 'sm'} mt={level === 0 ? 2 : 3} mb="1">
        {group.label}
      </Heading>
      <Box as="ul" listStyleType="none" m="0" p="0">
        {group.settings.map((setting) => (
          <SettingRow key={setting.path} setting={setting} canChange={canChange} onOverride={onOverride} onReset={onReset} />
        ))}
      </Box>
      {group.groups.map((child) => (
        <Box key={child.path} ps={{ base: 2, md: 4 }}>
          <Group group={child} level={level + 1} canChange={canChange} onOverride={onOverride} onReset={onReset} />
        </Box>
      ))}
    </Box>
  );
}

/** The settings target of a page path: /settings/<target>/configuration (docs/settings.md "Targets"). */
export function targetOfPath(path: string | undefined): string {
  return /\/settings\/([a-z][a-z0-9]*)\/configuration$/.exec(path ?? '')?.[1] ?? 'pos';
}

/**
 * /settings/<target>/configuration (component 'framed-configuration', also under /e for another application's iframe):
 * the settings of the target declared on the server at a scope the user picks, each with its value and where it comes
 * from; with the right there, override and reset. The scope is in the address (?scope=TENANT:12), so a reload keeps it.
 */
export function PosConfigurationPage({ item }: Partial<PageProps>) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const { tenantOid } = useTenancy();
  const fromAddress = params.get('scope');
  const scope = fromAddress && SCOPE.test(fromAddress) ? fromAddress : tenantOid !== undefined ? `TENANT:${tenantOid}` : 'GLOBAL';
  const { options } = useScopeOptions();
  const { configuration, error, loading, override, reset } = usePosConfiguration(targetOfPath(item?.path), scope);
  const scopeName = useScopeName();
  const known = options?.some((option) => option.scope === scope);
  return (
    <Stack gap="4" data-testid="pos-configuration" maxW="5xl">
      <Field.Root maxW="md">
        <Field.Label>
          <Trans>Scope</Trans>
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={scope} onChange={(event) => setParams({ scope: event.target.value }, { replace: true })} data-testid="scope-select">
            {!known && <option value={scope}>{configuration ? scopeName(configuration.scope) : scope}</option>}
            {options?.map((option) => (
              <option key={option.scope} value={option.scope}>
                {'\u00a0\u00a0'.repeat(option.depth)}
                {option.type === 'GLOBAL' ? t`Global` : option.type === 'TERMINAL' ? t`Terminal ${option.id} ${option.text}` : option.text}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {loading && <BusyHourglass />}
      {error !== undefined && (
        <Text color="fg.error" role="alert">
          <Trans>The configuration at this scope could not be read.</Trans>
        </Text>
      )}
      {configuration && (
        <>
          <Text textStyle="sm" color="fg.muted" data-testid="scope-chain">
            <Trans>Inherits from:</Trans>{' '}
            {configuration.chain.map((link, index) => (
              <Fragment key={link.scope}>
                {index > 0 && ' › '}
                <bdi>{scopeName(link)}</bdi>
              </Fragment>
            ))}
          </Text>
          {!configuration.canChange && (
            <Text color="fg.muted" role="note">
              <Trans>You may read the configuration at this scope but not change it.</Trans>
            </Text>
          )}
          {configuration.groups.map((group) => (
            <Group key={group.path} group={group} level={0} canChange={configuration.canChange} onOverride={override} onReset={reset} />
          ))}
        </>
      )}
    </Stack>
  );
}
