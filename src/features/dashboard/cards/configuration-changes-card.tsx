import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatDate } from '../../../lib/format/format-number';
import { CARD_KEY, CONFIGURATION_CHANGES_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';
import { usePageLink } from '../use-page-link';

/** A configuration change of a settings target (spec 2 §3 "Configuration change"; docs/settings.md). */
interface ConfigurationChange {
  /** The settings target (pos, backoffice, ...) and its name in the user's language. */
  target?: string;
  targetText?: string;
  modifiedAt: string;
  path: string;
  value: unknown;
  previousValue: unknown;
  oid: number;
  userName: string | null;
  /** Deleted (a reset) or Modified. */
  state: string;
  /** Global, country, then where it was made: `text` names each. */
  scope?: { text?: string; scope?: string }[];
}

/** Spec 2 §9: the last 90 days, 5 shown. */
const DAYS = 90;
const SHOWN = 5;
const PAGE = '/settings/pos/configuration';

const text = (value: unknown) => (value === null || value === undefined ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Configuration changes: the newest changes of every settings target, which target, who made them and in which scope. */
export function ConfigurationChangesCard({ size }: { size: DashboardCardSize }) {
  const { i18n } = useLingui();
  const link = usePageLink(PAGE);
  const { data, error } = useSWR<ConfigurationChange[] | { items: ConfigurationChange[] }>([CARD_KEY, CONFIGURATION_CHANGES_PATH], ([, path]: [string, string]) => apiGet(path, { days: DAYS, take: SHOWN }));
  const changes = (Array.isArray(data) ? data : (data?.items ?? [])).slice(0, SHOWN);
  return (
    <CardFrame title={<Trans>Configuration changes</Trans>} link={link} testId="configuration-changes-card" loading={!data} error={error as Error | undefined}>
      {data && changes.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No changes in the last 90 days.</Trans>
        </Text>
      ) : (
        <Stack gap="2" textStyle="sm">
          {changes.map((change) => (
            <Stack key={`${change.oid}-${change.modifiedAt}`} gap="0">
              <Text fontWeight="medium" lineClamp={1} title={change.targetText ? `${change.targetText}: ${change.path}` : change.path}>
                {change.targetText ? `${change.targetText}: ` : ''}
                <bdi>{change.path}</bdi>
              </Text>
              <Text color="fg.muted" lineClamp={size === 'large' ? 2 : 1}>
                {change.state.toLowerCase() === 'deleted' ? <Trans>deleted</Trans> : `${text(change.previousValue)} → ${text(change.value)}`} · {change.userName ?? '–'} · {formatDate(change.modifiedAt, i18n.locale, { dateStyle: 'short' })}
                {Array.isArray(change.scope) && change.scope.length > 0 ? ` · ${change.scope.map((item) => item.text ?? item.scope ?? '').join(' / ')}` : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </CardFrame>
  );
}
