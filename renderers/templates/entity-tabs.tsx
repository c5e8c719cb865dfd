import { Badge, Box, SimpleGrid, Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import type { FormLayout } from '../../schemas';
import { GroupFrame, GroupLegend } from './group-frame';

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

interface EntityTabsProps {
  properties: ObjectFieldTemplatePropertyType[];
  layout: FormLayout;
  tabErrors: Record<string, number>;
  selected?: string;
  onSelect?: (tab: string) => void;
}

/**
 * The record's tabs and groups. Every tab stays mounted (hidden when not selected), so the fields of every tab
 * are validated and keep their state. Fields no group places (hidden system fields) render after the tabs.
 *
 * The tab panels are not Chakra's Tabs.Content: the tabs' context gets a new value on every render, and a record's
 * tabs render on each keystroke, so React would walk every field below a provider each time. The panels are plain
 * elements beside the tab list, tied to their triggers by the ids Tabs.Root is given (role, aria-controls and
 * aria-labelledby as Ark sets them).
 */
export function EntityTabs({ properties, layout, tabErrors, selected: chosen, onSelect }: EntityTabsProps) {
  const byName = new Map(properties.map((p) => [p.name, p]));
  const placed = new Set(layout.tabs.flatMap((t) => t.groups.flatMap((g) => g.fields)));
  // The form owns the selection when it passes one (to show the tab of an error); otherwise the tabs keep it.
  const [own, setOwn] = useState(layout.tabs[0]?.id);
  const selected = chosen ?? own;
  const setSelected = onSelect ?? setOwn;
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = useMemo(() => ({ trigger: (value: string) => `${prefix}-tab-${value}`, content: (value: string) => `${prefix}-panel-${value}` }), [prefix]);
  return (
    <>
      <Tabs.Root value={selected} onValueChange={(details) => setSelected(details.value)} variant="line" ids={ids}>
        <Tabs.List>
          {layout.tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} data-tab={tab.id}>
              {tab.label}
              <ErrorBadge count={tabErrors[tab.id] ?? 0} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {layout.tabs.map((tab) => (
        <Box key={tab.id} role="tabpanel" id={ids.content(tab.id)} aria-labelledby={ids.trigger(tab.id)} hidden={tab.id !== selected} pt="4" data-tab-content={tab.id}>
          {tab.groups.map((group) => (
            <GroupFrame key={group.id} marginBottom="4" data-group={group.id}>
              {group.label && <GroupLegend>{group.label}</GroupLegend>}
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {group.fields.map((name) => {
                  const property = byName.get(name);
                  return property ? <div key={name}>{property.content}</div> : null;
                })}
              </SimpleGrid>
            </GroupFrame>
          ))}
        </Box>
      ))}
      {properties.filter((p) => !placed.has(p.name)).map((p) => (
        <div key={p.name} hidden>
          {p.content}
        </div>
      ))}
    </>
  );
}
