import { Center } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { useDelayedFlag } from '../lib/ui/use-delayed-flag';

/** Spec 1 §9: the busy overlay appears after 250 ms and, once shown, stays at least 333 ms (no flicker). */
export const BUSY_OVERLAY_DELAY_MS = 250;
export const BODY_BUSY_MINIMUM_MS = 333;

/** The navigation busy hourglass over the page body: appears only when the wait passes 250 ms (spec 1 §4). */
export function BusyHourglass({ busy = true }: { busy?: boolean }) {
  const { t } = useLingui();
  const shown = useDelayedFlag(busy, BUSY_OVERLAY_DELAY_MS, BODY_BUSY_MINIMUM_MS);
  if (!shown) return null;
  return (
    <Center position="absolute" inset="0" zIndex="overlay" bg="bg/60" role="status" aria-label={t`Loading…`} data-testid="navigation-busy">
      <Hourglass className="mate-spin-slow" size={32} aria-hidden />
    </Center>
  );
}
