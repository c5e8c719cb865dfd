import { Flex, HStack, Text } from '@chakra-ui/react';
import { BreakpointInfo } from './breakpoint-info';
import { HubStatus } from './hub-status';
import { LanguageSelector } from './language-selector';
import { LayoutSelector } from './layout-selector';
import { ScrollButton } from './scroll-button';
import { ThemeSelector } from './theme-selector';

/** Footer (spec 1 §2): the live connection, language, layout, theme, scroll, and the breakpoint when asked for (?breakpoints). */
export function ShellFooter() {
  const showBreakpoint = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('breakpoints');
  return (
    <Flex as="footer" borderTopWidth="1px" px="4" py="2" gap="3" align="center" wrap="wrap" bg="bg.subtle" data-testid="shell-footer">
      <Text textStyle="xs" color="fg.muted">
        Mate
      </Text>
      <HubStatus />
      <HStack gap="2" ms="auto" wrap="wrap">
        <LanguageSelector />
        <LayoutSelector />
        <ThemeSelector />
        {showBreakpoint && <BreakpointInfo />}
        <ScrollButton />
      </HStack>
    </Flex>
  );
}
