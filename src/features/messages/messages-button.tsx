import { Box, Float, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { MessagesSquare } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useNavigationData } from '../../shell/navigation-context';
import { MESSAGES_PAGE_PATH } from '../../../schemas/message-wire';
import { useInbox } from './use-messages-live';

/** The title bar's way to the messages, with the number of unread ones; absent for a user who may not chat. */
export function MessagesButton({ basePath = '' }: { basePath?: string }) {
  const { t, i18n } = useLingui();
  const allowed = useNavigationData().permissions[MESSAGES_PAGE_PATH]?.Read === true;
  const { data } = useInbox(allowed);
  if (!allowed) return null;
  const unread = data?.unreadTotal ?? 0;
  const label = unread > 0 ? t`Messages, ${i18n.number(unread)} unread` : t`Messages`;
  return (
    <Box position="relative">
      <IconButton asChild aria-label={label} title={label} variant="ghost" size="sm" data-testid="messages-button">
        <RouterLink to={`${basePath}${MESSAGES_PAGE_PATH}`}>
          <MessagesSquare />
        </RouterLink>
      </IconButton>
      {unread > 0 && (
        <Float placement="top-end" offset="1.5">
          <Box as="span" aria-hidden="true" data-testid="messages-badge" minW="4" h="4" px="1" borderRadius="full" bg="red.solid" color="red.contrast" textStyle="2xs" fontWeight="bold" display="flex" alignItems="center" justifyContent="center" pointerEvents="none">
            {unread > 99 ? '99+' : i18n.number(unread)}
          </Box>
        </Float>
      )}
    </Box>
  );
}
