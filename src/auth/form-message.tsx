import { HStack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, UserLock } from 'lucide-react';
import type { ReactNode } from 'react';

/** A message under a form's button: an error (with the user-lock icon when asked) or a success. */
export function FormMessage({ kind, icon, children, testId }: { kind: 'error' | 'success'; icon?: 'user-lock'; children: ReactNode; testId?: string }) {
  const Icon = kind === 'success' ? CircleCheck : icon === 'user-lock' ? UserLock : CircleAlert;
  return (
    <HStack
      role={kind === 'error' ? 'alert' : 'status'}
      align="start"
      gap="2"
      color={kind === 'error' ? 'fg.error' : 'fg.success'}
      data-testid={testId}
      data-icon={icon ?? (kind === 'success' ? 'success' : 'alert')}
    >
      <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text textStyle="sm">{children}</Text>
    </HStack>
  );
}
