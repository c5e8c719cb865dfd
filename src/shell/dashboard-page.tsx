import { Card, Code, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { BridgeStatusCard } from '../features/bridge';
import { ConfigurationChangesCard, Dashboard, DatabaseUsageCard, ExchangeRatesCard, ThroughputCard, TurnoverCard, UnprocessedCard, type CardComponents } from '../features/dashboard';
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
    <Card.Root h="full" size="sm" data-testid="api-info">
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

function FavouritesCard() {
  const { t } = useLingui();
  const { favourites } = useUserPages();
  return (
    <Card.Root h="full" size="sm" data-testid="favourites-card">
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
  );
}

function RecentCard() {
  const { t } = useLingui();
  const { recent } = useUserPages();
  return (
    <Card.Root h="full" size="sm" data-testid="recent-card">
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
  );
}

/** Every card the dashboard can show: the shell's own (favourites, recently used, version) and those of the features. */
const CARDS: CardComponents = {
  favourites: FavouritesCard,
  'recently-used': RecentCard,
  version: VersionCard,
  'weekly-turnover': TurnoverCard,
  'document-throughput': ThroughputCard,
  'exchange-rates': ExchangeRatesCard,
  'bridge-status': BridgeStatusCard,
  'unprocessed-documents': UnprocessedCard,
  'configuration-changes': ConfigurationChangesCard,
  'database-usage': DatabaseUsageCard,
};

/** The start page: the user's customisable dashboard (spec 2 §2, src/features/dashboard). */
export function DashboardPage() {
  return <Dashboard cards={CARDS} />;
}
