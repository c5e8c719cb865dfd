import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { BusyHourglass } from './busy-hourglass';
import { CommandBarSlot } from './command-bar';
import { LAYOUT_MAX_WIDTH, useLayoutChoice } from './layout-choice';
import { NavigationBar } from './navigation-bar';
import { ShellFooter } from './shell-footer';
import { TitleBar } from './title-bar';
import { ToastContainer } from './toast-container';
import { useErrorDetailAccess } from './use-error-detail-access';

/** Page width by the layout choice, animated over 250 ms. */
export function ShellMain({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { layout } = useLayoutChoice();
  const navigation = useNavigation();
  return (
    <Box as="main" id="main" flex="1" position="relative" w="100%" mx="auto" px={{ base: '3', md: '6' }} py="4" maxW={LAYOUT_MAX_WIDTH[layout]} transition="max-width 250ms ease" data-layout={layout} aria-label={t`Page content`}>
      <BusyHourglass busy={navigation.state !== 'idle'} />
      {children}
    </Box>
  );
}

/** The signed-in shell (spec 1 §2): fixed header with title bar, navigation bar and command bar; main area; footer. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const canSeeErrorDetails = useErrorDetailAccess();
  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
        <TitleBar />
        <NavigationBar />
        <CommandBarSlot />
      </Box>
      <ShellMain>{children}</ShellMain>
      <ShellFooter />
      <ToastContainer canSeeErrorDetails={canSeeErrorDetails} />
    </Flex>
  );
}
