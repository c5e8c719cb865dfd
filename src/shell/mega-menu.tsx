import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isActivePath, localizedText } from '../lib/navigation/navigation-lookup';
import type { VisibleItem } from '../lib/navigation/navigation-visibility';
import { NavIcon } from '../lib/ui/nav-icon';
import { NavLink, VisibilityBadge } from './nav-link';

/** Groups of a root item: children with children are groups; leaf children share one untitled group. */
export function groupsOf(item: VisibleItem): Array<{ key: string; title?: VisibleItem; links: VisibleItem[] }> {
  const leaves = (item.children ?? []).filter((child) => !child.children?.length);
  const groups = (item.children ?? []).filter((child) => child.children?.length).map((child) => ({ key: child.path, title: child, links: child.children ?? [] }));
  return leaves.length ? [{ key: `${item.path}#links`, links: leaves }, ...groups] : groups;
}

/**
 * A root item with children: a disclosure button opening a wide panel of groups (spec 1 §2). Three or more
 * columns get narrower columns. Escape closes and returns focus; arrow down opens and enters the panel.
 */
export function MegaMenu({ item, currentPath }: { item: VisibleItem; currentPath: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const groups = groupsOf(item);
  const narrow = groups.length >= 3;
  const active = isActivePath(item, currentPath);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[data-nav-path]') ?? []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
      event.stopPropagation();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => links()[0]?.focus());
        return;
      }
      const all = links();
      const index = all.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? (index + 1) % all.length : (index - 1 + all.length) % all.length;
      all[next]?.focus();
    }
  };

  return (
    <Box ref={root} position="static" onKeyDown={onKeyDown} onBlur={(event) => !root.current?.contains(event.relatedTarget as Node) && setOpen(false)}>
      <Button
        ref={button}
        variant={active ? 'subtle' : 'ghost'}
        colorPalette={active ? 'teal' : undefined}
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        data-active={active || undefined}
        onClick={() => setOpen(!open)}
        data-testid={`mega-menu-${item.path}`}
      >
        <NavIcon name={item.icon} />
        {localizedText(item.title, i18n.locale)}
        <VisibilityBadge visibility={item.visibility} />
        <ChevronDown size={14} aria-hidden />
      </Button>
      <Box id={panelId} hidden={!open} position="absolute" insetX="0" top="100%" zIndex="dropdown" bg="bg.panel" borderBottomWidth="1px" shadow="lg" px="4" py="4" data-testid="mega-menu-panel">
        <Grid templateColumns={`repeat(auto-fill, minmax(${narrow ? '13rem' : '18rem'}, 1fr))`} gap="4" data-columns={narrow ? 'narrow' : 'wide'}>
          {groups.map((group) => (
            <Stack key={group.key} gap="0.5" role="group" aria-label={group.title ? localizedText(group.title.title, i18n.locale) : undefined}>
              {group.title && (
                <HStack gap="2" px="2" pb="1" color="fg.muted">
                  <NavIcon name={group.title.icon} size={14} />
                  <Text textStyle="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
                    {localizedText(group.title.title, i18n.locale)}
                  </Text>
                  <VisibilityBadge visibility={group.title.visibility} />
                </HStack>
              )}
              {group.links.map((link) => (
                <NavLink key={link.path} item={link} active={isActivePath(link, currentPath)} onNavigate={() => setOpen(false)} />
              ))}
            </Stack>
          ))}
        </Grid>
      </Box>
    </Box>
  );
}
