import { HStack, Progress, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format/format-number';
import type { BridgeJob } from './bridge-types';
import { progressPercent } from './job-list';

/** A run's progress: a bar (indeterminate while countMax is unknown) and "count / countMax unit" (the unit in the UI language). */
export function JobProgress({ job, countUnit = job.countUnit ?? '' }: { job: BridgeJob; countUnit?: string }) {
  const { t, i18n } = useLingui();
  const percent = progressPercent(job);
  const count = formatNumber(job.count, i18n.locale);
  const figures = job.countMax === null ? `${count} ${countUnit}`.trim() : `${count} / ${formatNumber(job.countMax, i18n.locale)} ${countUnit}`.trim();
  return (
    <HStack gap="3" minW="0" data-testid="job-progress" data-count={job.count} data-count-max={job.countMax ?? ''}>
      <Progress.Root value={percent} size="sm" flex="1" minW="16" colorPalette="teal">
        {/* The track is the progressbar: it carries the name and the figures for a screen reader. */}
        <Progress.Track aria-label={t`Progress`} aria-valuetext={figures}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap" dir="auto" data-testid="job-progress-text">
        {figures}
      </Text>
    </HStack>
  );
}
