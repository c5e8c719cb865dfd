import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import { localizedText } from '../lib/navigation/navigation-lookup';
import { Visibility, type VisibleItem } from '../lib/navigation/navigation-visibility';
import { NavIcon } from '../lib/ui/nav-icon';
import { useBasePath } from './base-path';

/** The test-mode marker of an item in progress or testable. */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const { t } = useLingui();
  if (visibility === Visibility.InProgress) return <Badge size="xs" colorPalette="orange">{t`in progress`}</Badge>;
  if (visibility === Visibility.Testable) return <Badge size="xs" colorPalette="purple">{t`testable`}</Badge>;
  return null;
}

/** One navigation link with icon and title in the UI language; aria-current when it is the page shown. */
export function NavLink({ item, active, onNavigate }: { item: VisibleItem; active: boolean; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const base = useBasePath();
  return (
    <Link asChild px="2" py="1.5" borderRadius="md" display="flex" textStyle="sm" fontWeight={active ? 'semibold' : 'normal'} color={active ? 'colorPalette.fg' : 'fg'} colorPalette="teal" bg={active ? 'colorPalette.subtle' : undefined} _hover={{ bg: 'bg.muted', textDecoration: 'none' }}>
      <RouterLink to={`${base}${item.path === '/' ? '' : item.path}` || '/'} aria-current={active ? 'page' : undefined} onClick={onNavigate} data-nav-path={item.path}>
        <HStack gap="2">
          <NavIcon name={item.icon} />
          <Text as="span">{localizedText(item.title, i18n.locale)}</Text>
          <VisibilityBadge visibility={item.visibility} />
        </HStack>
      </RouterLink>
    </Link>
  );
}
