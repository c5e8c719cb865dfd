import { useLingui } from '@lingui/react/macro';
import { FooterSelect } from './footer-select';
import { useLayoutChoice } from './layout-choice';

/** Footer layout selector: auto, full width, boxed. */
export function LayoutSelector() {
  const { t } = useLingui();
  const { layout, setLayout } = useLayoutChoice();
  return (
    <FooterSelect
      id="layout-select"
      label={t`Layout`}
      width="28"
      value={layout}
      onChange={setLayout}
      options={[
        { value: 'auto', label: t`Automatic` },
        { value: 'full-width', label: t`Full width` },
        { value: 'boxed', label: t`Boxed` },
      ]}
    />
  );
}
