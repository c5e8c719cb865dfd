import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CountryFlag } from '../../lib/ui/country-flag';
import { isActive, NEW_JOB_MARK, type BridgeJob, type BridgeJobDefinition, type ListedJob } from './bridge-types';
import { jobTexts } from './job-texts';
import { CancelJobDialog } from './cancel-job-dialog';
import { JobProgress } from './job-progress';
import { jobDuration, jobTime } from './job-times';
import { JobStateBadge } from './state-badges';

/** The runs of the last day and those still queued or running, live, with cancel for the active ones. */
export function JobListView({ jobs, definitions, mayCancel, cancel }: { jobs: readonly ListedJob[]; definitions: readonly BridgeJobDefinition[]; mayCancel: boolean; cancel: (oid: number) => Promise<unknown> }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState<BridgeJob | undefined>();
  if (jobs.length === 0)
    return (
      <Text color="fg.muted" textStyle="sm" data-testid="bridge-jobs-empty">
        <Trans>No job has run in the last 24 hours.</Trans>
      </Text>
    );
  return (
    <>
      <Stack as="ul" gap="2" listStyleType="none" data-testid="bridge-jobs">
        {jobs.map((job) => (
          <Box
            as="li"
            key={job.oid}
            borderWidth="1px"
            borderRadius="md"
            p="3"
            borderColor={job.mark === NEW_JOB_MARK ? 'teal.solid' : 'border'}
            bg={job.mark === NEW_JOB_MARK ? 'teal.subtle' : undefined}
            transition="background-color 0.6s"
            data-testid="bridge-job"
            data-oid={job.oid}
            data-name={job.name}
            data-state={job.state}
            data-new={job.mark === NEW_JOB_MARK ? 'true' : undefined}
          >
            <Flex gap="2" wrap="wrap" align="center">
              <Text fontWeight="semibold" fontFamily="mono" textStyle="sm">
                {job.name}
              </Text>
              <JobStateBadge state={job.state} />
              {job.mark === NEW_JOB_MARK && (
                <Badge colorPalette="teal" variant="outline" data-testid="job-new">
                  <Trans>New</Trans>
                </Badge>
              )}
              {job.tenant && (
                <HStack gap="1" textStyle="xs" color="fg.muted">
                  <CountryFlag country={job.countryCode} size={14} />
                  {job.tenant}
                </HStack>
              )}
              <Box flex="1" />
              {mayCancel && isActive(job) && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(job)} data-testid="job-cancel">
                  <Trans>Cancel…</Trans>
                </Button>
              )}
            </Flex>
            <Text textStyle="xs" color="fg.muted" mt="1">
              {/* bdi: each piece keeps its own direction in a right-to-left language ("1.3 s", a Latin category). */}
              <bdi>{jobTexts(definitions, job, i18n.locale).category}</bdi> · {job.isManualStarted ? <Trans>started by hand</Trans> : <Trans>scheduled</Trans>}
              {job.startedAt && (
                <>
                  {' · '}
                  <bdi>{jobTime(job.startedAt, i18n.locale)}</bdi>
                </>
              )}
              {job.finishedAt && (
                <>
                  {' · '}
                  <bdi data-testid="job-duration">{jobDuration(job, i18n.locale)}</bdi>
                </>
              )}
            </Text>
            <Box mt="2">
              <JobProgress job={job} countUnit={jobTexts(definitions, job, i18n.locale).countUnit} />
            </Box>
            {job.error && (
              <Text color="red.fg" textStyle="sm" mt="1" data-testid="job-error" wordBreak="break-word">
                {job.error}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      {confirming && <CancelJobDialog job={confirming} cancel={cancel} onClose={() => setConfirming(undefined)} />}
    </>
  );
}
