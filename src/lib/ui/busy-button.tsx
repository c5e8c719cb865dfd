import { Button, type ButtonProps } from '@chakra-ui/react';
import { Check, LoaderCircle, X } from 'lucide-react';
import { useBusyAction } from './use-busy-action';

/** A button running an async action with the busy indicator of spec 1 §4. */
export function BusyButton({ action, children, ...props }: Omit<ButtonProps, 'onClick'> & { action: () => Promise<unknown> }) {
  const { phase, run } = useBusyAction(action);
  const busy = phase !== 'idle';
  return (
    <Button {...props} onClick={() => void run()} aria-busy={busy} disabled={props.disabled || busy} data-phase={phase}>
      {phase === 'busy' && <LoaderCircle className="mate-spin" aria-hidden size={16} />}
      {phase === 'success' && <Check aria-hidden size={16} color="var(--chakra-colors-green-500)" />}
      {phase === 'failure' && <X aria-hidden size={16} color="var(--chakra-colors-red-500)" />}
      {children}
    </Button>
  );
}
