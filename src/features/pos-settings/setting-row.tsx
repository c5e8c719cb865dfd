import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import type { ScopeRef, SettingView } from './pos-settings-types';
import { SettingEditor } from './setting-editor';

/** A value as the page shows it: Yes/No, an option's label, a number in the user's format, a text isolated. */
export function useValueText() {
  const { t, i18n } = useLingui();
  return (setting: SettingView, value: unknown): string => {
    if (setting.type === 'boolean') return value === true ? t`Yes` : t`No`;
    if (setting.type === 'enum') return setting.options?.find((option) => option.value === value)?.label ?? String(value);
    if (typeof value === 'number') return new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: setting.scale ?? 0 }).format(value);
    return value === '' ? '—' : String(value);
  };
}

/** The name of a scope: Global in the user's language, else the record's name as the server answers it. */
export function useScopeName() {
  const { t } = useLingui();
  return (scope: ScopeRef) => (scope.level === 'GLOBAL' ? t`Global` : scope.text);
}

/** Where a value comes from, in words: the default, this scope, or a scope above. */
function SourceBadge({ setting }: { setting: SettingView }) {
  const scopeName = useScopeName();
  if (setting.source === null) {
    return (
      <Badge variant="outline" colorPalette="gray" data-testid="setting-source">
        <Trans>Default</Trans>
      </Badge>
    );
  }
  if (setting.own) {
    return (
      <Badge variant="solid" colorPalette="blue" data-testid="setting-source">
        <Trans>Set here</Trans>
      </Badge>
    );
  }
  const from = scopeName(setting.source);
  return (
    <Badge variant="subtle" colorPalette="purple" data-testid="setting-source">
      <Trans>
        From <bdi>{from}</bdi>
      </Trans>
    </Badge>
  );
}

/** One setting: its effective value and source, and (with the right) override and reset at the chosen scope. */
export function SettingRow({ setting, canChange, onOverride, onReset }: { setting: SettingView; canChange: boolean; onOverride: (path: string, value: unknown) => Promise<void>; onReset: (path: string) => Promise<void> }) {
  const { t } = useLingui();
  const valueText = useValueText();
  const scopeName = useScopeName();
  const [editing, setEditing] = useState(false);
  // The value the editor opened on: when the page reads a different one meanwhile (changed elsewhere), the user's
  // typing stays and a note says what the value is now, so saving is an informed choice.
  const [openedOn, setOpenedOn] = useState<string | undefined>(undefined);
  const changedElsewhere = editing && openedOn !== undefined && openedOn !== JSON.stringify([setting.value, setting.own]);
  const startEditing = () => {
    setOpenedOn(JSON.stringify([setting.value, setting.own]));
    setEditing(true);
  };
  const [resetting, setResetting] = useState(false);
  const save = async (value: unknown) => {
    try {
      await onOverride(setting.path, value);
      setEditing(false);
    } catch (error) {
      showError(error, { method: 'PUT' });
    }
  };
  const reset = () => {
    setResetting(true);
    void onReset(setting.path)
      .catch((error: unknown) => showError(error, { method: 'DELETE' }))
      .finally(() => setResetting(false));
  };
  const inherited = setting.inherited.source ? scopeName(setting.inherited.source) : t`Default`;
  const inheritedValue = valueText(setting, setting.inherited.value);
  return (
    <Flex as="li" gap="3" py="2" borderBottomWidth="1px" flexWrap="wrap" justify="space-between" align="center" data-testid="setting-row" data-path={setting.path}>
      <Box flex="1 1 16rem" minW="0">
        <Text fontWeight="medium" id={`setting-${setting.path}`}>
          {setting.label}
        </Text>
        {setting.description && (
          <Text textStyle="sm" color="fg.muted">
            {setting.description}
          </Text>
        )}
      </Box>
      <Stack flex="1 1 16rem" gap="2" align="flex-start">
        {editing ? (
          <>
            {changedElsewhere && (
              <Text textStyle="sm" color="fg.warning" role="status" data-testid="setting-changed-elsewhere">
                <Trans>
                  Changed elsewhere meanwhile: now <bdi>{valueText(setting, setting.value)}</bdi>. Saving replaces it with your value.
                </Trans>
              </Text>
            )}
            <SettingEditor setting={setting} onSave={save} onCancel={() => setEditing(false)} />
          </>
        ) : (
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" data-testid="setting-value">
              <bdi>{valueText(setting, setting.value)}</bdi>
            </Text>
            <SourceBadge setting={setting} />
          </HStack>
        )}
        {canChange && !editing && (
          <HStack gap="2" flexWrap="wrap">
            <Button size="xs" variant="outline" onClick={startEditing} aria-describedby={`setting-${setting.path}`}>
              {setting.own ? <Trans>Change</Trans> : <Trans>Override here</Trans>}
            </Button>
            {setting.own && (
              <Button size="xs" variant="ghost" loading={resetting} onClick={reset} aria-describedby={`setting-${setting.path}`} title={t`Back to ${inheritedValue} (${inherited})`}>
                <Trans>Reset</Trans>
              </Button>
            )}
          </HStack>
        )}
      </Stack>
    </Flex>
  );
}
