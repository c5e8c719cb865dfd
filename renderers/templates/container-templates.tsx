import { Box, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type ObjectFieldTemplateProps } from '@rjsf/utils';
import type { EntityFormContext } from '../form-context';
import { arrayItemTitle } from './array-item-title';
import { EntityTabs } from './entity-tabs';
import { GroupFrame, GroupLegend } from './group-frame';

function Legend({ title, required }: { title: string; required?: boolean }) {
  if (!title) return null;
  return (
    <GroupLegend>
      {title}
      {required && <span aria-hidden> *</span>}
    </GroupLegend>
  );
}

/**
 * Objects: the record itself is laid out in tabs and groups (`formContext.layout`); a nested Object field is a
 * fieldset of its properties.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t, i18n } = useLingui();
  const { properties, title, required, fieldPathId, registry, uiSchema } = props;
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  if (fieldPathId.path.length === 0 && context?.layout) return <EntityTabs properties={properties} layout={context.layout} tabErrors={context.tabErrors ?? {}} selected={context.selectedTab} onSelect={context.selectTab} />;
  if (getUiOptions(uiSchema).effectHidden === true) return null;
  return (
    <GroupFrame borderWidth="1px" borderRadius="md" padding="3" data-object={fieldPathId.path.join('.')}>
      <Legend title={arrayItemTitle(title, fieldPathId.path, (array, position) => t`${array} ${i18n.number(position)}`)} required={required} />
      {properties.map((p) => (p.hidden ? <div key={p.name} hidden>{p.content}</div> : <Box key={p.name}>{p.content}</Box>))}
    </GroupFrame>
  );
}

/** Arrays: a fieldset of items, each with its move, copy and remove buttons, and Add below. */
export function ArrayFieldTemplate({ items, canAdd, onAddClick, title, required, disabled, readonly, registry, uiSchema, fieldPathId }: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  if (getUiOptions(uiSchema).effectHidden === true) return null;
  return (
    <GroupFrame borderWidth="1px" borderRadius="md" padding="3" data-array={fieldPathId.path.join('.')}>
      <Legend title={title} required={required} />
      <Stack gap="2">{items}</Stack>
      {canAdd && !readonly && (
        <HStack justify="flex-end">
          <AddButton onClick={onAddClick} disabled={disabled} registry={registry} uiSchema={uiSchema} />
        </HStack>
      )}
    </GroupFrame>
  );
}

/** One array item: its editor and, beside it, the item toolbar. */
export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, registry }: ArrayFieldItemTemplateProps) {
  const { ArrayFieldItemButtonsTemplate } = registry.templates;
  return (
    <HStack align="flex-start" gap="2">
      <Box flex="1">{children}</Box>
      {hasToolbar && (
        <HStack gap="0">
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </HStack>
      )}
    </HStack>
  );
}
