import { Badge, Box, Button, HStack, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import type { EntityFormContext } from '../form-context';

/** The field name of a widget: the last segment of rjsf's id (`root_Pin` -> `Pin`). */
function fieldName(id: string): string {
  return id.slice(id.lastIndexOf('_') + 1);
}

/**
 * A write-only field (a secret, a PIN; docs/metadata.md "Write-only fields"): the server never sends its value, so
 * the box starts empty and says whether a value is stored. Typing replaces it on save; an empty box keeps it (the
 * value is left out of the record, which the server takes as "keep"); an optional field can be cleared (null).
 */
export function WriteOnlyWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors, formContext, name }: WidgetProps) {
  const { t } = useLingui();
  const context = formContext as EntityFormContext | undefined;
  const stored = context?.writeOnlySet?.[name || fieldName(id)] === true;
  const clearing = value === null && stored;
  const text = typeof value === 'string' ? value : '';
  const state = clearing ? t`Cleared on save` : text !== '' ? (stored ? t`Replaced on save` : t`Set on save`) : stored ? t`Set` : t`Not set`;
  const change = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value);
  return (
    <Box width="full">
      <HStack gap="2">
        <Input
          id={id}
          name={htmlName ?? id}
          type="password"
          autoComplete="new-password"
          value={text}
          required={required && !stored}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={autofocus}
          placeholder={stored ? t`Type to replace` : t`Type to set`}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          aria-describedby={`${id}__state`}
          onChange={change}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
          flex="1"
        />
        {stored && !required && !readonly && !disabled && !clearing && (
          <Button size="sm" variant="outline" onClick={() => onChange(null)} data-testid={`${id}__clear`}>
            {t`Clear`}
          </Button>
        )}
      </HStack>
      <Badge id={`${id}__state`} mt="1" size="sm" colorPalette={clearing ? 'red' : stored || text !== '' ? 'green' : 'gray'} data-testid={`${id}__state`} data-set={stored || undefined}>
        {state}
      </Badge>
    </Box>
  );
}
