import { Dialog, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ProviderButtons } from './provider-buttons';
import { SignInForm } from './sign-in-form';
import { UserAvatar } from './user-avatar';
import type { ReloginReason, SignInProvider } from './session-types';
import { useSession } from './use-session';

/**
 * Why the dialog is open and what to do. A session of a provider signs in again there, so its texts name the provider
 * instead of asking for a password; an idle lock says after how many minutes without activity it came.
 */
function ReasonText({ reason, provider, minutes }: { reason: ReloginReason | undefined; provider: SignInProvider | undefined; minutes: number }) {
  if (reason === 'idle') {
    if (provider === 'google')
      return <Plural value={minutes} one="The session was locked after # minute without activity. Sign in with Google to continue." other="The session was locked after # minutes without activity. Sign in with Google to continue." />;
    if (provider === 'directory')
      return (
        <Plural
          value={minutes}
          one="The session was locked after # minute without activity. Sign in with your work or school account to continue."
          other="The session was locked after # minutes without activity. Sign in with your work or school account to continue."
        />
      );
    return <Plural value={minutes} one="The session was locked after # minute without activity. Enter your password to continue." other="The session was locked after # minutes without activity. Enter your password to continue." />;
  }
  if (reason === 'lock') {
    if (provider === 'google') return <Trans>The session is locked. Sign in with Google to continue.</Trans>;
    if (provider === 'directory') return <Trans>The session is locked. Sign in with your work or school account to continue.</Trans>;
    return <Trans>The session is locked. Enter your password to continue.</Trans>;
  }
  return <Trans>Your access token has expired. Please sign in again to continue.</Trans>;
}

/**
 * The re-login dialog of spec 1 §2: open while the session is locked (token expired, the lock action, or the back
 * office's idle minutes without activity), modal and undismissable; 'someone else' goes to the logout route, and being
 * on that route closes it. Render it inside the router, once, in the signed-in layout.
 */
export function ReloginDialog({ logoutPath = '/logout' }: { logoutPath?: string }) {
  const session = useSession();
  const location = useLocation();
  const open = session.ready && session.status === 'locked' && location.pathname !== logoutPath;
  const username = session.user?.username ?? '';
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open={open}
      modal
      closeOnEscape={false}
      closeOnInteractOutside={false}
      size="sm"
      placement="center"
      role="alertdialog"
      // The username is fixed: the one thing to type is the password.
      initialFocusEl={() => content.current?.querySelector<HTMLInputElement>('input[name=password]') ?? null}
    >
      <Portal>
        {/* A locked screen hides what was on it: the backdrop is opaque, so nothing behind it stays readable. */}
        <Dialog.Backdrop bg="bg" data-testid="relogin-backdrop" />
        <Dialog.Positioner>
          <Dialog.Content ref={content} data-testid="relogin-dialog" data-reason={session.reloginReason}>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Sign in again</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <HStack gap="3">
                  <UserAvatar email={session.user?.emailAddress} name={username} size={48} />
                  <Stack gap="0">
                    <Text fontWeight="semibold" data-testid="relogin-username">
                      {username}
                    </Text>
                    <Text textStyle="sm" color="fg.muted" data-testid="relogin-reason">
                      <ReasonText reason={session.reloginReason} provider={session.provider} minutes={session.idleMinutes ?? 0} />
                    </Text>
                  </Stack>
                </HStack>
                {/* A fresh form per opening: no stale password or message from the last time. */}
                {/* A session of a provider signs in again there (and comes back to this page); the password otherwise. */}
                {open && (session.provider === 'directory' || session.provider === 'google') ? (
                  <ProviderButtons providers={[session.provider]} returnTo={`${location.pathname}${location.search}`} remember={session.remember} />
                ) : (
                  open && <SignInForm key={session.reloginReason} mode="relogin" fixedUsername={username} />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              <Link asChild textStyle="sm" colorPalette="teal">
                <RouterLink to={logoutPath} data-testid="relogin-someone-else">
                  <Trans>Sign in as someone else</Trans>
                </RouterLink>
              </Link>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
