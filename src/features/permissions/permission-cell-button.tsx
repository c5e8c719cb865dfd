import { chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, Minus, X } from 'lucide-react';
import type { EffectiveDecision } from './permission-cells';

/** The look of one decision; shared by the cells and the legend so the two cannot drift apart. */
export function decisionLook(value: EffectiveDecision['value']) {
  if (value === null) return { state: 'none', Icon: Minus, color: 'fg.subtle' } as const;
  return value ? ({ state: 'allowed', Icon: Check, color: 'fg.success' } as const) : ({ state: 'denied', Icon: X, color: 'fg.error' } as const);
}

/** The frame of a cell: a staged (unsaved) change is dashed in orange, an own decision framed, an inherited one bare. */
export function cellFrame({ inherited, staged }: { inherited: boolean; staged: boolean }) {
  if (staged) return { borderWidth: '2px', borderStyle: 'dashed', borderColor: 'orange.solid', bg: 'orange.subtle' } as const;
  return { borderWidth: '1px', borderStyle: 'solid', borderColor: inherited ? 'transparent' : 'border', bg: undefined } as const;
}

/** One matrix cell: allowed, denied, or (dimmed) the inherited value, marked while its change is unsaved; clicking runs the cycle. */
export function PermissionCellButton({ effective, label, staged = false, onClick }: { effective: EffectiveDecision; label: string; staged?: boolean; onClick: () => void }) {
  const { t } = useLingui();
  const { state, Icon, color } = decisionLook(effective.value);
  const stateText = effective.value === null ? t`not decided` : effective.value ? t`allowed` : t`denied`;
  const decided = effective.inherited ? t`${label}: inherits ${stateText}` : t`${label}: ${stateText}`;
  const description = staged ? t`${decided} (unsaved)` : decided;
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      aria-label={description}
      title={effective.inherited && effective.from ? `${description} (${effective.from.path})` : description}
      data-state={state}
      data-inherited={effective.inherited || undefined}
      data-staged={staged || undefined}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="7"
      h="7"
      borderRadius="sm"
      {...cellFrame({ inherited: effective.inherited, staged })}
      color={color}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      <chakra.span display="inline-flex" opacity={effective.inherited ? 0.45 : 1}>
        <Icon size={16} aria-hidden />
      </chakra.span>
    </chakra.button>
  );
}
