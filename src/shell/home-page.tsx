import { Box, chakra, Code, Container, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { apiGet } from '../lib/api/api-client';
import { useColorMode, type ThemeChoice } from '../lib/theme/color-mode';

interface ApiInfo {
  version: string;
  buildDate: string;
  database: string;
  installationId: string;
}

/** Landing page until the shell (navigation, dashboard) is in place: what runs, on which database. */
export function HomePage() {
  const { t } = useLingui();
  const { data, error } = useSWR<ApiInfo>('/api/info', apiGet);
  const { choice, setChoice } = useColorMode();
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          <Trans>Mate back office</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>Master data, documents, reports and diagnostics for every organisation, location and terminal.</Trans>
        </Text>
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="api-info">
          {error ? (
            <Text color="red.500">{String(error.message)}</Text>
          ) : !data ? (
            <Text color="fg.muted">
              <Trans>Loading…</Trans>
            </Text>
          ) : (
            <Stack gap="1">
              <Text>
                <Trans>Version</Trans>: <Code data-testid="api-version">{data.version}</Code>
              </Text>
              <Text>
                <Trans>Database</Trans>: <Code>{data.database}</Code>
              </Text>
              <Text>
                <Trans>Installation</Trans>: <Code data-testid="installation-id">{data.installationId}</Code>
              </Text>
            </Stack>
          )}
        </Box>
        <HStack>
          <chakra.label htmlFor="theme-select">
            <Trans>Theme</Trans>
          </chakra.label>
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field id="theme-select" value={choice} onChange={(event) => setChoice(event.currentTarget.value as ThemeChoice)}>
              <option value="auto">{t`Auto`}</option>
              <option value="light">{t`Light`}</option>
              <option value="dark">{t`Dark`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      </Stack>
    </Container>
  );
}
