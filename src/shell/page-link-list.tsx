import { Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import { findNavigationItem, localizedText } from '../lib/navigation/navigation-lookup';
import { NavIcon } from '../lib/ui/nav-icon';
import { useBasePath } from './base-path';
import { useNavigationData } from './navigation-context';

/** A list of page links named from the navigation (favourites, recent pages); the path when it has no item. */
export function PageLinkList({ paths, empty, testId }: { paths: string[]; empty: string; testId: string }) {
  const { i18n } = useLingui();
  const { items } = useNavigationData();
  const base = useBasePath();
  if (paths.length === 0)
    return (
      <Text color="fg.muted" textStyle="sm">
        {empty}
      </Text>
    );
  return (
    <Stack as="ol" gap="1" listStyleType="none" data-testid={testId}>
      {paths.map((path) => {
        const item = findNavigationItem(items, path);
        return (
          <li key={path}>
            <Link asChild colorPalette="teal" display="inline-flex" gap="2">
              <RouterLink to={`${base}${path}`}>
                <NavIcon name={item?.icon} />
                {item ? localizedText(item.title, i18n.locale) : path}
              </RouterLink>
            </Link>
          </li>
        );
      })}
    </Stack>
  );
}
