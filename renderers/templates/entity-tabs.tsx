import { Badge, Fieldset, SimpleGrid, Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { FormLayout } from '../../schemas';

/** The badge text of an error count: a numeral under 10, else '9+' (spec 2 §2 "Entity editor"). */
export function errorBadgeText(count: number): string {
  return count < 10 ? String(count) : '9+';
}

function ErrorBadge({ count }: { count: number }) {
  const { t } = useLingui();
  if (count <= 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" size="sm" borderRadius="full" data-error-count={count} aria-label={t`${count} errors`}>
      {errorBadgeText(count)}
    </Badge>
  );
}

/**
 * The record's tabs and groups. Every tab stays mounted (hidden when not selected), so the fields of every tab
 * are validated and keep their state. Fields no group places (hidden system fields) render after the tabs.
 */
export function EntityTabs({ properties, layout, tabErrors }: { properties: ObjectFieldTemplatePropertyType[]; layout: FormLayout; tabErrors: Record<string, number> }) {
  const byName = new Map(properties.map((p) => [p.name, p]));
  const placed = new Set(layout.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields)));
  const first = layout.tabs[0]?.id;
  return (
    <>
      <Tabs.Root defaultValue={first} variant="line" lazyMount={false} unmountOnExit={false}>
        <Tabs.List>
          {layout.tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} data-tab={tab.id}>
              {tab.label}
              <ErrorBadge count={tabErrors[tab.id] ?? 0} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {layout.tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} data-tab-content={tab.id}>
            {tab.groups.map((group) => (
              <Fieldset.Root key={group.id} marginBottom="4" data-group={group.id}>
                {group.label && <Fieldset.Legend>{group.label}</Fieldset.Legend>}
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {group.fields.map((name) => {
                    const property = byName.get(name);
                    return property ? <div key={name}>{property.content}</div> : null;
                  })}
                </SimpleGrid>
              </Fieldset.Root>
            ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {properties.filter((p) => !placed.has(p.name)).map((p) => (
        <div key={p.name} hidden>
          {p.content}
        </div>
      ))}
    </>
  );
}
