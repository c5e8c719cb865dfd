import { Field, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';

/** A field label with the 'required' and 'readonly' marks of spec 2 §5 "Messages". */
export function FieldLabel({ label, required, readonly }: { label: string; required?: boolean; readonly?: boolean }) {
  const { t } = useLingui();
  return (
    <Field.Label>
      <HStack gap="1" as="span">
        <span>{label}</span>
        {required && (
          <span data-mark="required" title={t`required`}>
            <span aria-hidden>*</span>
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t`required`}</span>
          </span>
        )}
        {readonly && (
          <span data-mark="readonly" title={t`read-only`} aria-label={t`read-only`} role="img">
            <Lock size={12} aria-hidden />
          </span>
        )}
      </HStack>
    </Field.Label>
  );
}
