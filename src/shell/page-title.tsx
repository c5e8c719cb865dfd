import { Heading, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { resolvePageTitle, type RouteMeta } from '../lib/navigation/navigation-lookup';
import { NavIcon } from '../lib/ui/nav-icon';
import { usePagePath } from './base-path';
import { RootPageHeader } from './root-page-header';
import { useNavigationData } from './navigation-context';

/** Title of the shell's own routes, which have no navigation item. */
function useRouteMeta(path: string): RouteMeta {
  const { t } = useLingui();
  if (path === '/forbidden') return { title: t`Access denied`, icon: 'ban' };
  if (path === '/tools/editor') return { title: t`Code editor`, icon: 'code-xml' };
  return {};
}

/** Page icon and title from the navigation item of the responsible path, else the route meta, else the path. */
export function PageTitle() {
  const { i18n } = useLingui();
  const path = usePagePath();
  const { items } = useNavigationData();
  const meta = useRouteMeta(path);
  const title = resolvePageTitle(path, items, i18n.locale, meta);
  if (title.isRoot) return <RootPageHeader />;
  return (
    <HStack gap="2" minW="0">
      <NavIcon name={title.icon} size={22} />
      <Heading as="h1" size={{ base: 'md', md: 'lg' }} truncate data-testid="page-title">
        {title.title}
      </Heading>
    </HStack>
  );
}
