import { useLingui } from '@lingui/react/macro';
import type { LiveMark as Mark } from './live-changes';

/**
 * The mark on a row another session changed, deleted or created (in the '#' cell, before the row number): a small
 * coloured bar the eye finds, and a name for screen readers and the pointer. Colours in src/lib/ui/grid-table.css.
 */
export function LiveMark({ mark }: { mark: Mark }) {
  const { t } = useLingui();
  const label = { changed: t`Changed elsewhere`, deleted: t`Deleted elsewhere`, new: t`New, created elsewhere` }[mark];
  return <span className={`mate-live-mark mate-live-mark-${mark}`} role="img" aria-label={label} title={label} data-testid="live-mark" data-mark={mark} />;
}
