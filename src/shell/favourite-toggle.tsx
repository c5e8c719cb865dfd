import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { usePagePath } from './base-path';
import { useUserPages } from './user-pages-context';

/** Adds the current page to the favourites or removes it. */
export function FavouriteToggle() {
  const { t } = useLingui();
  const path = usePagePath();
  const { isFavourite, toggle } = useUserPages();
  const on = isFavourite(path);
  const label = on ? t`Remove from favourites` : t`Add to favourites`;
  return (
    <IconButton aria-label={label} title={label} aria-pressed={on} variant="ghost" size="sm" onClick={() => toggle(path)} data-testid="favourite-toggle">
      <Star fill={on ? 'currentColor' : 'none'} color={on ? 'var(--chakra-colors-yellow-500)' : undefined} />
    </IconButton>
  );
}
