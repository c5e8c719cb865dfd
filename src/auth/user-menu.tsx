import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { KeyRound, Lock, LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { UserAvatar } from './user-avatar';
import { useAuthSettings } from './use-auth-settings';
import { useSession } from './use-session';

export interface UserMenuProps {
  /** The change-password route; null when none is configured. */
  changePasswordPath?: string | null;
  /** The logout route; null when none exists. */
  logoutPath?: string | null;
}

/**
 * The user menu of the title bar (spec 1 §2): avatar 22 and username on the button, avatar 80 in the menu; change
 * password and lock only with integrated login, logout when a logout route exists.
 */
export function UserMenu({ changePasswordPath = '/auth/change-password', logoutPath = '/logout' }: UserMenuProps) {
  const session = useSession();
  const { settings } = useAuthSettings();
  const navigate = useNavigate();
  const user = session.user;
  if (!user) return null;
  const canChangePassword = settings.integratedLogin && Boolean(changePasswordPath);
  const canLock = settings.integratedLogin;

  function select(value: string) {
    if (value === 'account') void navigate('/auth/account');
    else if (value === 'change-password' && changePasswordPath) void navigate(changePasswordPath);
    else if (value === 'lock') session.lock();
    else if (value === 'logout' && logoutPath) void navigate(logoutPath);
  }

  return (
    <Menu.Root onSelect={(details) => select(details.value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" gap="2" aria-label={user.username} data-testid="user-menu-button">
          <UserAvatar email={user.emailAddress} name={user.username} size={22} />
          <Text as="span" maxW="40" truncate hideBelow="md">
            {user.username}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="user-menu">
            <Stack align="center" gap="1" px="3" py="3">
              <UserAvatar email={user.emailAddress} name={user.username} size={80} />
              <Text fontWeight="semibold">{user.username}</Text>
              {user.emailAddress && (
                <Text textStyle="xs" color="fg.muted">
                  {user.emailAddress}
                </Text>
              )}
            </Stack>
            <Menu.Separator />
            <Menu.Item value="account">
              <ShieldCheck size={16} aria-hidden />
              <Trans>Sign-in and sessions</Trans>
            </Menu.Item>
            {canChangePassword && (
              <Menu.Item value="change-password">
                <KeyRound size={16} aria-hidden />
                <Trans>Change password</Trans>
              </Menu.Item>
            )}
            {canLock && (
              <Menu.Item value="lock">
                <Lock size={16} aria-hidden />
                <Trans>Lock</Trans>
              </Menu.Item>
            )}
            {logoutPath && (
              <Menu.Item value="logout">
                <LogOut size={16} aria-hidden />
                <Trans>Sign out</Trans>
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
