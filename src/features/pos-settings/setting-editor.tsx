import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { SettingView } from './pos-settings-types';
import { inputTextOf, parseSettingInput, type ValueProblem } from './setting-value';

function useProblemText() {
  const { t, i18n } = useLingui();
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  return (problem: ValueProblem): string => {
    switch (problem.kind) {
      case 'required':
        return t`Enter a value.`;
      case 'number':
        return t`Enter a number.`;
      case 'whole':
        return t`Enter a whole number.`;
      case 'min':
        return t`Enter at least ${number(problem.limit)}.`;
      case 'max':
        return t`Enter at most ${number(problem.limit)}.`;
      case 'scale':
        return t`Enter at most ${problem.limit} digits after the decimal point.`;
      case 'length':
        return t`Enter at most ${problem.limit} characters.`;
      case 'time':
        return t`Enter a time of day as HH:MM.`;
      case 'option':
        return t`Choose one of the options.`;
    }
  };
}

/**
 * The editor of one value at the chosen scope: an input of the setting's type, checked as it is typed; Enter (or
 * Save) stores it, Escape (or Cancel) leaves it unchanged.
 */
export function SettingEditor({ setting, onSave, onCancel }: { setting: SettingView; onSave: (value: unknown) => Promise<void>; onCancel: () => void }) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const [text, setText] = useState(() => inputTextOf(setting.value));
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const parsed = parseSettingInput(setting, setting.type === 'boolean' ? text === 'true' : text);
  const problem = 'problem' in parsed ? problemText(parsed.problem) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || saving || !('value' in parsed)) return;
    setSaving(true);
    void onSave(parsed.value).finally(() => setSaving(false));
  };
  const label = t`New value of ${setting.label}`;
  const field =
    setting.type === 'boolean' || setting.type === 'enum' ? (
      <NativeSelect.Root size="sm" maxW="xs">
        <NativeSelect.Field autoFocus aria-label={label} value={text} onChange={(event) => setText(event.target.value)} data-testid="setting-input">
          {setting.type === 'boolean' ? (
            <>
              <option value="true">{t`Yes`}</option>
              <option value="false">{t`No`}</option>
            </>
          ) : (
            setting.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    ) : (
      <Input
        size="sm"
        maxW="xs"
        autoFocus
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        type={setting.type === 'time' ? 'time' : 'text'}
        inputMode={setting.type === 'integer' ? 'numeric' : setting.type === 'decimal' ? 'decimal' : undefined}
        dir={setting.type === 'string' ? 'auto' : 'ltr'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="setting-input"
      />
    );
  return (
    <form onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onCancel())}>
      <Stack gap="1">
        <HStack gap="2" flexWrap="wrap">
          {field}
          <Button type="submit" size="sm" colorPalette="blue" loading={saving} disabled={problem !== undefined}>
            <Trans>Save</Trans>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
        {problem && (
          <Text id={errorId} textStyle="sm" color="fg.error" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </form>
  );
}
