import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUTTON_KINDS, contrastRatio, COLOUR_PATTERN, MAX_LABEL_LENGTH, MIN_CONTRAST, POS_FUNCTIONS, readableTextOn, type ButtonKind, type LayoutButton, type LayoutKind } from '../../../schemas/pos-layout';
import { RETAIL_ICONS } from '../../../schemas/retail-icons';
import { RetailIcon } from '../../lib/ui/retail-icons/retail-icon';
import { BUTTON_KIND_LABELS } from './button-labels';
import { TargetPicker } from './target-picker';

export interface ButtonPropertiesProps {
  kind: LayoutKind;
  scope: string;
  button: LayoutButton;
  columns: number;
  rows: number;
  readOnly: boolean;
  onChange: (patch: Partial<LayoutButton>) => void;
  onRemove: () => void;
}

/** The selected button's properties: what it does, its label, colours (with their contrast), icon, place and size. */
export function ButtonProperties({ kind, scope, button, columns, rows, readOnly, onChange, onRemove }: ButtonPropertiesProps) {
  const { t, i18n } = useLingui();
  const colours = COLOUR_PATTERN.test(button.background) && COLOUR_PATTERN.test(button.foreground);
  const ratio = colours ? contrastRatio(button.background, button.foreground) : 0;
  const ratioText = i18n.number(Math.floor(ratio * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const number = (label: string, value: number, max: number, apply: (value: number) => void, testId: string) => (
    <Field.Root disabled={readOnly} flex="1" minW="16">
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type="number" min={1} max={max} value={value} data-testid={testId} onChange={(event) => Number.isSafeInteger(event.target.valueAsNumber) && apply(event.target.valueAsNumber)} />
    </Field.Root>
  );
  return (
    <Stack gap="3" data-testid="button-properties" as="section" aria-label={t`Button properties`}>
      <Field.Root disabled={readOnly}>
        <Field.Label>{t`Kind`}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={button.kind} data-testid="button-kind" onChange={(event) => onChange({ kind: event.target.value as ButtonKind, target: event.target.value === 'function' ? POS_FUNCTIONS[0] : '' })}>
            {BUTTON_KINDS.map((value) => (
              <option key={value} value={value}>
                {i18n._(BUTTON_KIND_LABELS[value])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <TargetPicker key={`${button.id}-${button.kind}`} kind={kind} scope={scope} button={button} disabled={readOnly} onChange={(target) => onChange({ target })} />
      <Field.Root disabled={readOnly}>
        <Field.Label>{t`Label`}</Field.Label>
        <Input size="sm" value={button.label} maxLength={MAX_LABEL_LENGTH} data-testid="button-label" onChange={(event) => onChange({ label: event.target.value })} />
      </Field.Root>
      <HStack gap="2" alignItems="end">
        <Field.Root disabled={readOnly} flex="1">
          <Field.Label>{t`Background`}</Field.Label>
          <Input size="sm" type="color" p="0.5" value={button.background} data-testid="button-background" onChange={(event) => onChange({ background: event.target.value })} />
        </Field.Root>
        <Field.Root disabled={readOnly} flex="1">
          <Field.Label>{t`Text`}</Field.Label>
          <Input size="sm" type="color" p="0.5" value={button.foreground} data-testid="button-foreground" onChange={(event) => onChange({ foreground: event.target.value })} />
        </Field.Root>
        <Button size="sm" variant="outline" disabled={readOnly || !COLOUR_PATTERN.test(button.background)} onClick={() => onChange({ foreground: readableTextOn(button.background) })}>
          {t`Readable text`}
        </Button>
      </HStack>
      <Text textStyle="sm" role="status" color={ratio >= MIN_CONTRAST ? 'fg.muted' : 'fg.error'} data-testid="button-contrast">
        {ratio >= MIN_CONTRAST ? <Trans>Contrast {ratioText}:1, readable</Trans> : <Trans>Contrast {ratioText}:1, too low: at least 4.5:1 is needed</Trans>}
      </Text>
      <Field.Root disabled={readOnly}>
        <Field.Label>{t`Icon`}</Field.Label>
        <HStack gap="2">
          <NativeSelect.Root size="sm" flex="1">
            <NativeSelect.Field value={button.icon ?? ''} data-testid="button-icon" onChange={(event) => onChange({ icon: event.target.value || null })}>
              <option value="">{t`No icon`}</option>
              {RETAIL_ICONS.map((icon) => (
                <option key={icon.name} value={icon.name}>
                  {icon.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {button.icon && <RetailIcon name={button.icon} />}
        </HStack>
      </Field.Root>
      <HStack gap="2" flexWrap="wrap">
        {number(t`Column`, button.x + 1, columns, (value) => onChange({ x: value - 1 }), 'button-column')}
        {number(t`Row`, button.y + 1, rows, (value) => onChange({ y: value - 1 }), 'button-row')}
        {number(t`Width`, button.w, columns, (value) => onChange({ w: value }), 'button-width')}
        {number(t`Height`, button.h, rows, (value) => onChange({ h: value }), 'button-height')}
      </HStack>
      <Button size="sm" variant="outline" colorPalette="red" disabled={readOnly} onClick={onRemove} data-testid="button-remove">
        {t`Remove the button`}
      </Button>
    </Stack>
  );
}
