import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FlaskConical } from 'lucide-react';
import { useNavigationData } from './navigation-context';

/** Switches test mode; shown only with a permission on /internal/test-mode (spec 1 §6). */
export function TestModeToggle() {
  const { t } = useLingui();
  const { canUseTestMode, testMode, setTestMode } = useNavigationData();
  if (!canUseTestMode) return null;
  const label = testMode ? t`Leave test mode` : t`Enter test mode`;
  return (
    <IconButton aria-label={label} title={label} aria-pressed={testMode} variant={testMode ? 'solid' : 'ghost'} colorPalette={testMode ? 'orange' : undefined} size="sm" onClick={() => setTestMode(!testMode)} data-testid="test-mode-toggle">
      <FlaskConical />
    </IconButton>
  );
}
