import { Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { isActivePath } from '../lib/navigation/navigation-lookup';
import { usePagePath } from './base-path';
import { MegaMenu } from './mega-menu';
import { NavLink } from './nav-link';
import { useNavigationData } from './navigation-context';

/** The root items: plain links, or mega menus for items with children. Below md the navigation drawer replaces it. */
export function NavigationBar() {
  const { t } = useLingui();
  const { visible } = useNavigationData();
  const path = usePagePath();
  return (
    <Flex as="nav" aria-label={t`Main navigation`} hideBelow="md" gap="1" px="4" py="1" wrap="wrap" align="center" position="relative" borderTopWidth="1px" data-testid="navigation-bar">
      {visible.map((item) => (item.children?.length ? <MegaMenu key={item.path} item={item} currentPath={path} /> : <NavLink key={item.path} item={item} active={isActivePath(item, path)} />))}
    </Flex>
  );
}
