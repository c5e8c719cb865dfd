import { useLingui } from '@lingui/react/macro';
import { useColorMode } from '../lib/theme/color-mode';
import { FooterSelect } from './footer-select';

/** Footer theme selector: auto, light, dark. */
export function ThemeSelector() {
  const { t } = useLingui();
  const { choice, setChoice } = useColorMode();
  return (
    <FooterSelect
      id="theme-select"
      label={t`Theme`}
      width="24"
      value={choice}
      onChange={setChoice}
      options={[
        { value: 'auto', label: t`Automatic` },
        { value: 'light', label: t`Light` },
        { value: 'dark', label: t`Dark` },
      ]}
    />
  );
}
