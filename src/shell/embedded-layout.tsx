import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BasePathContext } from './base-path';
import { CommandBarSlot } from './command-bar';
import { ToastContainer } from './toast-container';
import { useErrorDetailAccess } from './use-error-detail-access';

/** The embedded layout under /e: the same pages without title bar, navigation and footer. */
export function EmbeddedLayout({ children }: { children: ReactNode }) {
  const canSeeErrorDetails = useErrorDetailAccess();
  return (
    <BasePathContext.Provider value="/e">
      <Box minH="100vh" data-testid="embedded-layout">
        <CommandBarSlot />
        <Box as="main" position="relative" p="3">
          {children}
        </Box>
        <ToastContainer canSeeErrorDetails={canSeeErrorDetails} />
      </Box>
    </BasePathContext.Provider>
  );
}
