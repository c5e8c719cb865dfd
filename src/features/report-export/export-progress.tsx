import { Box, HStack, Progress, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatBytes } from '../../lib/format/format-bytes';
import type { ExportProgress as Progressed } from './read-export-stream';

/**
 * The progress of a running export: rows of the total when they can be counted (CSV), else bytes read with the total
 * row count beside them (XLSX and PDF are compressed: their size is not known before they end).
 */
export function ExportProgress({ progress, countsRows }: { progress: Progressed; countsRows: boolean }) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const { total } = progress;
  const value = countsRows && total ? Math.min(100, Math.round((progress.rows / total) * 100)) : null;
  const bytes = formatBytes(progress.bytes, i18n.locale);
  const rows = number.format(progress.rows);
  const of = total === undefined ? '' : number.format(total);
  const label = countsRows && total !== undefined ? t`${rows} of ${of} rows · ${bytes}` : total !== undefined ? t`${bytes} read · ${of} rows` : t`${bytes} read`;
  return (
    <Box data-testid="export-progress" data-rows={progress.rows} data-bytes={progress.bytes} data-total={total ?? ''}>
      <Progress.Root value={value} size="sm" aria-label={t`Export progress`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack mt="1">
        <Text textStyle="sm" data-testid="export-progress-text">
          {label}
        </Text>
      </HStack>
    </Box>
  );
}
