import { chakra, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useColorMode, type ThemeChoice } from '../lib/theme/color-mode';

/** Footer theme selector: auto, light, dark. */
export function ThemeSelector() {
  const { t } = useLingui();
  const { choice, setChoice } = useColorMode();
  return (
    <>
      <chakra.label htmlFor="theme-select" srOnly>
        {t`Theme`}
      </chakra.label>
      <NativeSelect.Root size="xs" width="24">
        <NativeSelect.Field id="theme-select" value={choice} onChange={(event) => setChoice(event.currentTarget.value as ThemeChoice)}>
          <option value="auto">{t`Automatic`}</option>
          <option value="light">{t`Light`}</option>
          <option value="dark">{t`Dark`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
