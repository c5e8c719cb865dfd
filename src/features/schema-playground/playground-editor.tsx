import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { EntityForm, type EntityFormHandle, type EntityFormValidation } from '../../../renderers';
import type { LookupSource } from '../../../renderers/form-context';
import type { CompiledEntity } from '../../../schemas';

// The playground has no records to point at: a lookup offers nothing rather than another kind's real records.
const noLookups: LookupSource = async () => ({ items: [], hasMore: false });

/**
 * The generic editor the document generates, over a sample record, in a mode that cannot save: there is no Save,
 * and Enter or Check only validates. Validation is live from the start, so a wrong value shows its message as it is
 * typed, and the count of messages is said above the form.
 */
export function PlaygroundEditor({ compiled, initial }: { compiled: CompiledEntity; initial: Record<string, unknown> }) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState(initial);
  const [validation, setValidation] = useState<EntityFormValidation | null>(null);
  const form = useRef<EntityFormHandle>(null);
  // Validated once on opening: from then on rjsf validates every change (EntityForm's live mode).
  useEffect(() => {
    form.current?.validate();
  }, []);
  const count = validation?.errors.length ?? 0;
  return (
    <Box data-testid="playground-editor">
      <HStack justify="space-between" gap="2" mb="2" wrap="wrap">
        <Text fontSize="sm" role="status" aria-live="polite" color={count > 0 ? 'fg.error' : 'fg.muted'} data-testid="playground-editor-status">
          {count === 0 ? t`The sample record is valid. Nothing is saved.` : plural(count, { one: '# validation message. Nothing is saved.', other: '# validation messages. Nothing is saved.' })}
        </Text>
        <Button size="xs" variant="outline" onClick={() => form.current?.validate()} data-testid="playground-editor-check">
          {t`Check`}
        </Button>
      </HStack>
      <EntityForm
        ref={form}
        compiled={compiled}
        value={value}
        onChange={setValue}
        onSubmit={() => form.current?.validate()}
        lookupSource={noLookups}
        locale={i18n.locale}
        onErrorsChange={setValidation}
      />
    </Box>
  );
}
