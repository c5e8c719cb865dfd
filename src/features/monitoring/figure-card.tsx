import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One group of figures: a title, the main figure large, and the details below it. */
export function FigureCard({ title, value, children, testId, tone }: { title: string; value: ReactNode; children?: ReactNode; testId: string; tone?: 'error' }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="3" data-testid={testId}>
      <Text textStyle="sm" color="fg.muted">
        {title}
      </Text>
      <Text textStyle="2xl" fontWeight="semibold" color={tone === 'error' ? 'fg.error' : undefined} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {children && (
        <Stack gap="0" textStyle="xs" color="fg.muted" mt="1">
          {children}
        </Stack>
      )}
    </Box>
  );
}
