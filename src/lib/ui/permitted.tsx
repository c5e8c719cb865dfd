import { Box, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The 'permitted' flag of spec 1 §6: content the user may not use is still shown, dimmed, so the page keeps its
 * shape and the user sees what a permission would give. Permitted content is rendered as it is.
 */
export function Permitted({ permitted, children }: { permitted: boolean; children: ReactNode }) {
  if (permitted) return <>{children}</>;
  return (
    <Box opacity={0.5} data-permitted="false">
      {children}
      {/* Dimming is only seen: a screen reader is told in words. */}
      <VisuallyHidden>
        <Trans>(not permitted)</Trans>
      </VisuallyHidden>
    </Box>
  );
}

/** The missing-permission view of spec 1 §6: what stands where content is that the user may not see. */
export function ViewNotPermitted() {
  return (
    <HStack gap="2" color="fg.muted" data-testid="view-not-permitted">
      <Lock size={16} aria-hidden />
      <Text textStyle="sm">
        <Trans>View not permitted</Trans>
      </Text>
    </HStack>
  );
}

/** Content the user may see, else the 'view not permitted' view in its place. */
export function PermittedView({ permitted, children }: { permitted: boolean; children: ReactNode }) {
  return permitted ? <>{children}</> : <ViewNotPermitted />;
}
