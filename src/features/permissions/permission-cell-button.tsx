import { chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, Minus, X } from 'lucide-react';
import type { EffectiveDecision } from './permission-cells';

/** One matrix cell: allowed, denied, or (dimmed) the inherited value; clicking runs the cycle. */
export function PermissionCellButton({ effective, label, onClick }: { effective: EffectiveDecision; label: string; onClick: () => void }) {
  const { t } = useLingui();
  const state = effective.value === null ? 'none' : effective.value ? 'allowed' : 'denied';
  const Icon = effective.value === null ? Minus : effective.value ? Check : X;
  const stateText = effective.value === null ? t`not decided` : effective.value ? t`allowed` : t`denied`;
  const description = effective.inherited ? t`${label}: inherits ${stateText}` : t`${label}: ${stateText}`;
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      aria-label={description}
      title={effective.inherited && effective.from ? `${description} (${effective.from.path})` : description}
      data-state={state}
      data-inherited={effective.inherited || undefined}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="7"
      h="7"
      borderRadius="sm"
      borderWidth="1px"
      borderColor={effective.inherited ? 'transparent' : 'border'}
      color={state === 'allowed' ? 'fg.success' : state === 'denied' ? 'fg.error' : 'fg.subtle'}
      opacity={effective.inherited ? 0.45 : 1}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      <Icon size={16} aria-hidden />
    </chakra.button>
  );
}
