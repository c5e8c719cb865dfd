import { Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import { findNavigationItem, localizedText } from '../lib/navigation/navigation-lookup';
import { isPermitted } from '../lib/navigation/navigation-visibility';
import { NavIcon } from '../lib/ui/nav-icon';
import { Permitted } from '../lib/ui/permitted';
import { useBasePath } from './base-path';
import { useNavigationData } from './navigation-context';

/**
 * A list of page links named from the navigation (favourites, recent pages); the path when it has no item. A page the
 * user may not open in the current organisation is listed dimmed and without a link (spec 1 §6).
 */
export function PageLinkList({ paths, empty, testId }: { paths: string[]; empty: string; testId: string }) {
  const { i18n } = useLingui();
  const { items, permissions } = useNavigationData();
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
        const label = (
          <>
            <NavIcon name={item?.icon} />
            {item ? localizedText(item.title, i18n.locale) : path}
          </>
        );
        return (
          <li key={path}>
            {!item || isPermitted(item, permissions) ? (
              <Link asChild colorPalette="teal" display="inline-flex" gap="2">
                <RouterLink to={`${base}${path}`}>{label}</RouterLink>
              </Link>
            ) : (
              <Permitted permitted={false}>
                <Text as="span" display="inline-flex" gap="2" data-testid="page-not-permitted">
                  {label}
                </Text>
              </Permitted>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
