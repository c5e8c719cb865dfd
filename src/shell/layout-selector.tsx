import { chakra, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useLayoutChoice, type LayoutChoice } from './layout-choice';

/** Footer layout selector: auto, full width, boxed. */
export function LayoutSelector() {
  const { t } = useLingui();
  const { layout, setLayout } = useLayoutChoice();
  return (
    <>
      <chakra.label htmlFor="layout-select" srOnly>
        {t`Layout`}
      </chakra.label>
      <NativeSelect.Root size="xs" width="28">
        <NativeSelect.Field id="layout-select" value={layout} onChange={(event) => setLayout(event.currentTarget.value as LayoutChoice)}>
          <option value="auto">{t`Automatic`}</option>
          <option value="full-width">{t`Full width`}</option>
          <option value="boxed">{t`Boxed`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
