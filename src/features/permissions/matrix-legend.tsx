import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cellFrame, decisionLook } from './permission-cell-button';

function Sample({ value, inherited = false, staged = false }: { value: boolean | null; inherited?: boolean; staged?: boolean }) {
  const { Icon, color } = decisionLook(value);
  return (
    <Box as="span" display="inline-flex" alignItems="center" justifyContent="center" w="6" h="6" borderRadius="sm" color={color} {...cellFrame({ inherited, staged })} aria-hidden>
      <chakra.span display="inline-flex" opacity={inherited ? 0.45 : 1}>
        <Icon size={14} />
      </chakra.span>
    </Box>
  );
}

function Entry({ sample, children }: { sample: ReactNode; children: ReactNode }) {
  return (
    <HStack as="li" gap="1.5">
      {sample}
      <Text as="span" textStyle="sm">
        {children}
      </Text>
    </HStack>
  );
}

/** What the cells' marks mean, and what a click does (the cycle of spec 1 §4). */
export function MatrixLegend() {
  const { t } = useLingui();
  return (
    <Box data-testid="matrix-legend">
      <HStack as="ul" listStyleType="none" gap="4" wrap="wrap" aria-label={t`Legend`}>
        <Entry sample={<Sample value={true} />}>
          <Trans>allowed</Trans>
        </Entry>
        <Entry sample={<Sample value={false} />}>
          <Trans>denied</Trans>
        </Entry>
        <Entry sample={<Sample value={null} inherited />}>
          <Trans>not decided</Trans>
        </Entry>
        <Entry sample={<Sample value={true} inherited />}>
          <Trans>dimmed: inherited from a parent path or from Global</Trans>
        </Entry>
        <Entry sample={<Sample value={true} staged />}>
          <Trans>unsaved change</Trans>
        </Entry>
      </HStack>
      <Text textStyle="xs" color="fg.muted" mt="1">
        <Trans>A click on an inheriting cell allows it (nothing above decides) or denies it (the parent allows); a click on a decision goes back to inheriting.</Trans>
      </Text>
    </Box>
  );
}
