import { Checkbox, Image, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TEMPLATE_ELEMENTS, TEMPLATE_LIMITS, TEXT_PLACEHOLDERS, attributeOf, type AttributeRule, type ElementRule, type TemplateNode } from '../../../schemas/receipt-template';
import { useElementTexts } from './element-texts';

/** Reads a picked image file as a data URL (the template carries its logo, nothing is loaded from elsewhere). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The properties panel: the selected element's attributes (and text), each edited by the control its rule asks for. */
export function ElementProperties({ node, readOnly, onChange }: { node: TemplateNode | undefined; readOnly: boolean; onChange: (node: TemplateNode) => void }) {
  const { t } = useLingui();
  const texts = useElementTexts();
  if (!node)
    return (
      <Text color="fg.muted" data-testid="element-properties-empty">
        <Trans>Select an element to see its properties.</Trans>
      </Text>
    );
  const rule: ElementRule = TEMPLATE_ELEMENTS[node.type];
  const set = (name: string, value: string) => onChange({ ...node, attributes: { ...node.attributes, [name]: value } });
  const control = (name: string, attribute: AttributeRule) => {
    const label = texts.attributes[name] ?? name;
    const value = attributeOf(node, name);
    const testId = `property-${name}`;
    switch (attribute.kind) {
      case 'enum':
        return (
          <Field.Root key={name} disabled={readOnly}>
            <Field.Label>{label}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={value} data-testid={testId} onChange={(event) => set(name, event.target.value)}>
                {attribute.values.map((option) => (
                  <option key={option} value={option}>
                    {texts.values[option] ?? option}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        );
      case 'boolean':
        return (
          <Checkbox.Root key={name} size="sm" disabled={readOnly} checked={value === 'true'} onCheckedChange={(details) => set(name, details.checked === true ? 'true' : 'false')} data-testid={testId}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
        );
      case 'integer':
        return (
          <Field.Root key={name} disabled={readOnly}>
            <Field.Label>{label}</Field.Label>
            <Input size="sm" type="number" min={attribute.min} max={attribute.max} value={value} data-testid={testId} onChange={(event) => set(name, event.target.value)} />
          </Field.Root>
        );
      case 'text':
        return (
          <Field.Root key={name} disabled={readOnly}>
            <Field.Label>{label}</Field.Label>
            <Input size="sm" maxLength={attribute.maxLength} value={value} data-testid={testId} onChange={(event) => set(name, event.target.value)} />
          </Field.Root>
        );
      case 'image':
        return (
          <Field.Root key={name} disabled={readOnly}>
            <Field.Label>{label}</Field.Label>
            {value ? <Image src={value} alt="" maxH="16" objectFit="contain" bg="white" p="1" rounded="sm" /> : null}
            <Input
              size="sm"
              type="file"
              accept="image/png,image/jpeg,image/gif"
              data-testid={testId}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void readDataUrl(file).then((url) => set(name, url));
              }}
            />
            <Field.HelperText>{t`PNG, JPEG or GIF; it is kept in the template.`}</Field.HelperText>
          </Field.Root>
        );
    }
  };
  return (
    <Stack gap="3" data-testid="element-properties" data-element={node.type}>
      <Text fontWeight="semibold">{texts.elements[node.type]}</Text>
      {rule.content === 'text' && (
        <Field.Root disabled={readOnly}>
          <Field.Label>{t`Text`}</Field.Label>
          <Textarea size="sm" rows={2} maxLength={TEMPLATE_LIMITS.text} value={node.text ?? ''} data-testid="property-text" onChange={(event) => onChange({ ...node, text: event.target.value })} />
          <HStack gap="1" flexWrap="wrap" mt="1">
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field
                aria-label={t`Insert a placeholder`}
                value=""
                data-testid="property-placeholder"
                onChange={(event) => {
                  if (event.target.value) onChange({ ...node, text: `${node.text ?? ''}{${event.target.value}}` });
                }}
              >
                <option value="">{t`Insert a placeholder…`}</option>
                {TEXT_PLACEHOLDERS.map((name) => (
                  <option key={name} value={name}>
                    {`{${name}}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Field.Root>
      )}
      {Object.entries(rule.attributes).map(([name, attribute]) => control(name, attribute))}
      {rule.content === 'elements' && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Add elements while this block is selected to put them inside it.</Trans>
        </Text>
      )}
    </Stack>
  );
}
