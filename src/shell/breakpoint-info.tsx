import { Code, useBreakpointValue } from '@chakra-ui/react';

/** The current Chakra breakpoint, for layout work (shown only when asked for). */
export function BreakpointInfo() {
  const name = useBreakpointValue({ base: 'base', sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', '2xl': '2xl' });
  return (
    <Code fontSize="xs" data-testid="breakpoint-info">
      {name}
    </Code>
  );
}
