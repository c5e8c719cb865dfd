import { findNavigationItem } from '../../lib/navigation/navigation-lookup';
import { isPermitted } from '../../lib/navigation/navigation-visibility';
import { useNavigationData } from '../../shell/navigation-context';

/**
 * The page a card links to when the user may open it in the current tenant (as the navigation shows it), else null.
 * For the cards whose read does not say it (the server's answer carries `link` where it does).
 */
export function usePageLink(path: string): string | null {
  const { items, permissions, loading } = useNavigationData();
  if (loading) return null;
  const item = findNavigationItem(items, path);
  return (item ? isPermitted(item, permissions) : permissions[path] !== undefined) ? path : null;
}
