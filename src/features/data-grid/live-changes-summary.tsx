import { Button, HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LiveChanges } from './live-changes';

/** "3 changed, 1 new" in the user's language: each count with its plural form, joined as the language lists. */
export function liveChangesText(changes: LiveChanges, locale: string): string {
  const parts: string[] = [];
  if (changes.changed.size > 0) parts.push(plural(changes.changed.size, { one: '# changed', other: '# changed' }));
  if (changes.deleted.size > 0) parts.push(plural(changes.deleted.size, { one: '# deleted', other: '# deleted' }));
  if (changes.created.length > 0) parts.push(plural(changes.created.length, { one: '# new', other: '# new' }));
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(parts);
}

/** Next to the row count: what changed elsewhere since the search, and the action that shows the new records. */
export function LiveChangesSummary({ changes, onShowNew }: { changes: LiveChanges; onShowNew: () => void }) {
  const { t, i18n } = useLingui();
  const created = changes.created.length;
  return (
    <HStack gap="2">
      <Text textStyle="xs" color="orange.fg" role="status" data-testid="grid-live-changes" title={t`Changed by someone else since your search`}>
        {liveChangesText(changes, i18n.locale)}
      </Text>
      {created > 0 && (
        <Button size="2xs" variant="outline" colorPalette="orange" onClick={onShowNew} data-testid="grid-show-new">
          {plural(created, { one: 'Show the new row', other: 'Show # new rows' })}
        </Button>
      )}
    </HStack>
  );
}
