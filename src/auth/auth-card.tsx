import { Box, Center, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The narrow centred card every auth page sits in. */
export function AuthCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Center as="main" minH="100vh" p="4" bg="bg.subtle">
      <Box w="full" maxW="sm" bg="bg" borderWidth="1px" borderRadius="lg" p="6" boxShadow="sm" data-testid={testId}>
        <Stack gap="5">
          <Heading as="h1" size="lg">
            {title}
          </Heading>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
