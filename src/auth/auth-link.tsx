import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The small link under an auth form or message (back to sign in, to the start page). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="teal" textStyle="sm">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
