import { Field } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { arrayItemTitle } from './array-item-title';
import { FieldLabel } from './field-label';

/**
 * Every field's frame: label with marks, the widget, help text, why it is disabled or read-only (from the live
 * effects), and its errors. A field hidden by its `visible` effect renders nothing; its value stays in the record.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { t, i18n } = useLingui();
  const { id, label, children, rawErrors, rawDescription, hidden, required, readonly, disabled, displayLabel, uiSchema, schema, fieldPathId } = props;
  const options = getUiOptions(uiSchema);
  if (options.effectHidden === true) return null;
  if (hidden) return <div hidden>{children}</div>;
  const path = fieldPathId.path.join('.');
  if (path === '') return children; // the record itself: the object template lays out the tabs
  const structural = schema.type === 'object' || (Array.isArray(schema.type) ? schema.type.includes('array') || schema.type.includes('object') : schema.type === 'array');
  const isRequired = required === true || options.effectRequired === true || options.rulesRequired === true;
  const errors = (rawErrors ?? []).filter((e, i, all) => all.indexOf(e) === i);
  const reason = typeof options.effectReason === 'string' && (disabled || readonly) ? options.effectReason : undefined;
  return (
    // `id` (not `ids.control`, which Ark gives the wrapper itself) names the input: the label points at it and the
    // wrapper, helper and error texts get ids of their own derived from it.
    <Field.Root id={id} invalid={errors.length > 0} required={isRequired} readOnly={readonly} disabled={disabled} data-field={path}>
      {displayLabel && !structural && <FieldLabel label={arrayItemTitle(label, fieldPathId.path, (array, position) => t`${array} ${i18n.number(position)}`)} required={isRequired} readonly={readonly} />}
      {children}
      {rawDescription && !structural && <Field.HelperText>{rawDescription}</Field.HelperText>}
      {reason && <Field.HelperText data-reason="">{disabled ? t`Disabled because ${reason}` : t`Read-only because ${reason}`}</Field.HelperText>}
      {errors.map((error) => (
        <Field.ErrorText key={error}>{error}</Field.ErrorText>
      ))}
    </Field.Root>
  );
}
