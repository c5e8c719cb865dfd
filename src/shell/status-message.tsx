import { Box, Heading, VStack, type StackProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatusMessageProps extends Omit<StackProps, 'title'> {
  icon: LucideIcon;
  iconColor: string;
  title: ReactNode;
  /** h1 where the message is the whole screen, h2 inside the shell (its title bar holds the h1). */
  headingLevel?: 'h1' | 'h2';
  headingSize?: 'lg' | 'xl';
  testId: string;
  children?: ReactNode;
}

/** A centred big icon, a heading and text: the shell's pages for what cannot be shown (not found, forbidden…). */
export function StatusMessage({ icon: Icon, iconColor, title, headingLevel = 'h2', headingSize = 'xl', testId, children, ...stack }: StatusMessageProps) {
  return (
    <VStack gap="4" textAlign="center" data-testid={testId} {...stack}>
      <Box color={iconColor} aria-hidden>
        <Icon size={48} />
      </Box>
      <Heading as={headingLevel} size={headingSize}>
        {title}
      </Heading>
      {children}
    </VStack>
  );
}
