import { Center } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { useDelayedFlag } from '../lib/ui/use-delayed-flag';

/** The navigation busy hourglass: appears only when the wait passes 250 ms (spec 1 §4). */
export function BusyHourglass({ busy = true }: { busy?: boolean }) {
  const { t } = useLingui();
  const shown = useDelayedFlag(busy, 250);
  if (!shown) return null;
  return (
    <Center position="absolute" inset="0" zIndex="overlay" bg="bg/60" role="status" aria-label={t`Loading…`} data-testid="navigation-busy">
      <Hourglass className="mate-spin-slow" size={32} aria-hidden />
    </Center>
  );
}
