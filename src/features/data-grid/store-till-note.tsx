import { CloseButton, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Store } from 'lucide-react';
import type { ScopeFields } from '../../../schemas/entity-document';
import { appliedStoreTill } from '../../lib/tenancy/store-till';
import { useTenancy } from '../../shell/tenancy-context';

/**
 * Says that the grid shows only the chosen store's or till's rows (the kind has scope fields, and the server narrows
 * them by the scope headers), naming them, with a button that goes back to the whole organisation. Nothing for a kind
 * without scope fields, or when no store is chosen.
 */
export function StoreTillNote({ scopeFields }: { scopeFields: ScopeFields | undefined }) {
  const { t } = useLingui();
  const { storeTill, chooseStoreTill } = useTenancy();
  const applied = appliedStoreTill(scopeFields, storeTill);
  if (!applied) return null;
  const store = applied.store?.text ?? '';
  const till = applied.till ? applied.till.text || t`Till ${applied.till.id}` : '';
  return (
    <HStack
      role="status"
      gap="2"
      px="2"
      py="1"
      mb="2"
      borderRadius="full"
      bg="blue.subtle"
      color="blue.fg"
      display="inline-flex"
      maxW="full"
      data-testid="store-till-note"
    >
      <Store size={16} aria-hidden />
      <Text textStyle="sm" truncate>
        {applied.store && applied.till ? (
          <Trans>
            Only rows of <bdi>{store}</bdi>, till <bdi>{till}</bdi>
          </Trans>
        ) : applied.till ? (
          <Trans>
            Only rows of till <bdi>{till}</bdi>
          </Trans>
        ) : (
          <Trans>
            Only rows of <bdi>{store}</bdi>
          </Trans>
        )}
      </Text>
      <CloseButton size="2xs" variant="ghost" aria-label={t`Show the whole organisation`} title={t`Show the whole organisation`} onClick={() => chooseStoreTill(undefined)} data-testid="store-till-note-clear" />
    </HStack>
  );
}
