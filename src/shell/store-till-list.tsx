import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, Computer, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTenancy } from './tenancy-context';

/** The test id (and keyboard target, organisation-keys.ts) of every entry of the store and till list. */
export const STORE_TILL_OPTION = 'store-till-option';

function Option({ depth, current, disabled, icon, label, code, onChoose }: { depth: number; current: boolean; disabled?: boolean; icon: ReactNode; label: string; code?: string; onChoose: () => void }) {
  return (
    <Button
      variant={current ? 'subtle' : 'ghost'}
      size="sm"
      justifyContent="start"
      gap="2"
      ps={depth ? `${2 + depth * 4}` : undefined}
      aria-current={current || undefined}
      onClick={onChoose}
      color={disabled ? 'fg.muted' : undefined}
      data-testid={STORE_TILL_OPTION}
      data-depth={depth}
    >
      {icon}
      <Text as="span" truncate>
        <bdi>{label}</bdi>
      </Text>
      {code && (
        <Text as="span" textStyle="xs" color="fg.muted" ms="auto" ps="2" flexShrink="0">
          <bdi>{code}</bdi>
        </Text>
      )}
    </Button>
  );
}

/** The name of the current store and till: 'Berlin Mitte', 'Berlin Mitte · Checkout 2'; undefined for none. */
export function useStoreTillName(): string | undefined {
  const { t } = useLingui();
  const { storeTill } = useTenancy();
  if (!storeTill) return undefined;
  if (!storeTill.till) return storeTill.store.text;
  const till = storeTill.till.text || t`Till ${storeTill.till.id}`;
  return `${storeTill.store.text} · ${till}`;
}

/**
 * The stores (locations) of the current organisation, each with its tills indented below it, and 'Whole organisation'
 * first to work without one. Choosing one calls `onChosen` (the popover closes). Empty while the organisation has no
 * locations and nothing is chosen.
 */
export function StoreTillList({ onChosen, heading }: { onChosen: () => void; heading?: boolean }) {
  const { t } = useLingui();
  const { stores, storeTill, chooseStoreTill } = useTenancy();
  if (!stores?.length && !storeTill) return null;
  const choose = (choice: { locationOid: number; terminalOid?: number } | undefined) => {
    chooseStoreTill(choice);
    onChosen();
  };
  return (
    <Stack gap="0.5" role="group" aria-label={t`Store and till`} data-testid="store-till-list">
      {heading && (
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" px="2" pt="1">
          <Trans>Store and till</Trans>
        </Text>
      )}
      <Option depth={0} current={!storeTill} icon={<Building2 size={16} aria-hidden />} label={t`Whole organisation`} onChoose={() => choose(undefined)} />
      {(stores ?? []).map((store) => (
        <Stack key={store.oid} gap="0.5">
          <Option
            depth={0}
            current={storeTill?.locationOid === store.oid && storeTill.terminalOid === undefined}
            disabled={store.disabled}
            icon={<Store size={16} aria-hidden />}
            label={store.text}
            code={store.id}
            onChoose={() => choose({ locationOid: store.oid })}
          />
          {store.tills.map((till) => (
            <Option
              key={till.oid}
              depth={1}
              current={storeTill?.terminalOid === till.oid}
              disabled={till.disabled}
              icon={<Computer size={16} aria-hidden />}
              label={till.text || t`Till ${till.id}`}
              code={t`Till ${till.id}`}
              onChoose={() => choose({ locationOid: store.oid, terminalOid: till.oid })}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
