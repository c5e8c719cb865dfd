import { Card, Code, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { BridgeStatusCard } from '../features/bridge';
import { apiGet } from '../lib/api/api-client';
import { formatDate } from '../lib/format/format-number';
import { pageCount } from '../lib/i18n/page-count';
import { PageLinkList } from './page-link-list';
import { useUserPages } from './user-pages-context';

interface ApiInfo {
  version: string;
  buildDate: string;
  database: string;
  installationId: string;
}

function VersionCard() {
  const { i18n } = useLingui();
  const { data, error } = useSWR<ApiInfo>('/api/info', apiGet);
  return (
    <Card.Root data-testid="api-info">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>Version</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {error ? (
          <Text color="red.fg">{String(error.message)}</Text>
        ) : !data ? (
          <Text color="fg.muted">
            <Trans>Loading…</Trans>
          </Text>
        ) : (
          <Stack gap="1" textStyle="sm">
            <Text>
              <Trans>Version</Trans>: <Code data-testid="api-version">{data.version}</Code>
            </Text>
            <Text>
              <Trans>Built</Trans>: {formatDate(data.buildDate, i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
            <Text>
              <Trans>Database</Trans>: <Code>{data.database}</Code>
            </Text>
            <Text>
              <Trans>Installation</Trans>: <Code data-testid="installation-id">{data.installationId}</Code>
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Start page until the customisable dashboard of spec 2 lands: favourites, recently used pages, the version and the bridge. */
export function DashboardPage() {
  const { t } = useLingui();
  const { favourites, recent } = useUserPages();
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="dashboard">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">
            <Trans>Favourites</Trans>
          </Card.Title>
          <Card.Description>{pageCount(favourites.pages.length)}</Card.Description>
        </Card.Header>
        <Card.Body>
          <PageLinkList paths={favourites.pages.map((page) => page.path)} empty={t`Mark a page with the star to find it here.`} testId="favourite-pages" />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">
            <Trans>Recently used</Trans>
          </Card.Title>
          <Card.Description>{pageCount(recent.length)}</Card.Description>
        </Card.Header>
        <Card.Body>
          <PageLinkList paths={recent} empty={t`Pages you open appear here.`} testId="recent-pages" />
        </Card.Body>
      </Card.Root>
      <VersionCard />
      <BridgeStatusCard />
    </SimpleGrid>
  );
}
