import { Card, Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import { findNavigationItem } from '../../lib/navigation/navigation-lookup';
import { isPermitted } from '../../lib/navigation/navigation-visibility';
import { ViewNotPermitted } from '../../lib/ui/permitted';
import { useBasePath } from '../../shell/base-path';
import { useNavigationData } from '../../shell/navigation-context';
import { BRIDGE_PATH } from './bridge-path';
import { BridgeSummary } from './bridge-summary';
import { useBridge } from './use-bridge';

/**
 * The dashboard's bridge status card (spec 2 §2): state, counts, version and build date, live. Its title links to the
 * bridge page only when the user may open it; without the right the card says so instead of reading.
 */
export function BridgeStatusCard() {
  const { items, permissions, loading } = useNavigationData();
  const base = useBasePath();
  const item = findNavigationItem(items, BRIDGE_PATH);
  const permitted = !loading && (item ? isPermitted(item, permissions) : permissions[BRIDGE_PATH] !== undefined);
  const bridge = useBridge({ followJobs: false, enabled: permitted });
  const title = <Trans>Bridge status</Trans>;
  return (
    <Card.Root h="full" size="sm" data-testid="bridge-card">
      <Card.Header>
        <Card.Title as="h2">
          {permitted ? (
            <Link asChild colorPalette="teal">
              <RouterLink to={`${base}${BRIDGE_PATH}`} data-testid="bridge-card-link">
                {title}
              </RouterLink>
            </Link>
          ) : (
            title
          )}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {!permitted ? (
          loading ? null : <ViewNotPermitted />
        ) : bridge.summary ? (
          <BridgeSummary summary={bridge.summary} />
        ) : bridge.error ? (
          <Text color="red.fg">{bridge.error.message}</Text>
        ) : (
          <Text color="fg.muted">
            <Trans>Loading…</Trans>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
