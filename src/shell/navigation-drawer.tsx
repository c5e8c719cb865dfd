import { CloseButton, Drawer, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Menu as MenuIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isActivePath, localizedText } from '../lib/navigation/navigation-lookup';
import type { VisibleItem } from '../lib/navigation/navigation-visibility';
import { NavIcon } from '../lib/ui/nav-icon';
import { usePagePath } from './base-path';
import { groupsOf } from './mega-menu';
import { NavLink, VisibilityBadge } from './nav-link';
import { useNavigationData } from './navigation-context';

/** A small uppercase heading above the links of a root item or a group. */
function SectionTitle({ item, level }: { item: VisibleItem; level: 'root' | 'group' }) {
  const { i18n } = useLingui();
  return (
    <HStack gap="2" px="2" pt={level === 'root' ? '3' : '2'} pb="1" color={level === 'root' ? 'fg' : 'fg.muted'}>
      <NavIcon name={item.icon} size={level === 'root' ? 16 : 14} />
      <Text textStyle={level === 'root' ? 'sm' : 'xs'} fontWeight="semibold" textTransform={level === 'group' ? 'uppercase' : undefined} letterSpacing={level === 'group' ? 'wide' : undefined}>
        {localizedText(item.title, i18n.locale)}
      </Text>
      <VisibilityBadge visibility={item.visibility} />
    </HStack>
  );
}

/**
 * The navigation of small screens (below md): a menu button in the title bar opening a drawer that lists every
 * link of the navigation bar and its mega menus, one scrollable column. The drawer traps focus, Tab walks the
 * links, Escape or a chosen link closes it.
 */
export function NavigationDrawer() {
  const { t, i18n } = useLingui();
  const { visible } = useNavigationData();
  const path = usePagePath();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const content = useRef<HTMLDivElement>(null);
  const hasLinks = visible.length > 0;
  // Opened before the navigation had arrived (right after sign-in, a slow network), the drawer could only focus its
  // close button; once the links are there, focus goes to the first one, where opening puts it otherwise. A link the
  // user has already moved to keeps the focus.
  useEffect(() => {
    if (!open || !hasLinks) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('a[data-nav-path]')) return;
    if (content.current && active && !content.current.contains(active) && active !== document.body) return;
    content.current?.querySelector<HTMLElement>('a[data-nav-path]')?.focus();
  }, [open, hasLinks]);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <IconButton aria-label={t`Open the navigation`} title={t`Navigation`} variant="ghost" size="sm" hideFrom="md" data-testid="navigation-menu-button">
          <MenuIcon size={20} aria-hidden />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content ref={content} data-testid="navigation-drawer">
            <Drawer.Header py="3">
              <Drawer.Title>{t`Navigation`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body as="nav" aria-label={t`Main navigation`} px="3" pt="0" pb="6">
              <Stack gap="0.5">
                {visible.map((item) =>
                  item.children?.length ? (
                    <Stack key={item.path} gap="0.5" role="group" aria-label={localizedText(item.title, i18n.locale)}>
                      <SectionTitle item={item} level="root" />
                      {groupsOf(item).map((group) => (
                        <Stack key={group.key} gap="0.5" ps="2" role={group.title ? 'group' : undefined} aria-label={group.title ? localizedText(group.title.title, i18n.locale) : undefined}>
                          {group.title && <SectionTitle item={group.title} level="group" />}
                          {group.links.map((link) => (
                            <NavLink key={link.path} item={link} active={isActivePath(link, path)} onNavigate={close} />
                          ))}
                        </Stack>
                      ))}
                    </Stack>
                  ) : (
                    <NavLink key={item.path} item={item} active={isActivePath(item, path)} onNavigate={close} />
                  ),
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close the navigation`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
