import { Flex, Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RootPageHeader } from './root-page-header';
import { LayoutChoiceProvider } from './layout-choice';
import { ShellFooter } from './shell-footer';
import { ToastContainer } from './toast-container';

/** For pages anyone may see without signing in (the forbidden page): header text, content and the footer. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <LayoutChoiceProvider>
      <Flex direction="column" minH="100vh">
        <Box as="header" px="4" py="2" borderBottomWidth="1px">
          <RootPageHeader />
        </Box>
        <Box as="main" flex="1">
          {children}
        </Box>
        <ShellFooter />
        <ToastContainer />
      </Flex>
    </LayoutChoiceProvider>
  );
}
