import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useColorMode } from '../../lib/theme/color-mode';
import { DocsPanel } from './docs-panel';
import { useScalar } from './use-scalar';

/** /api-docs/scalar (component 'api-docs-scalar'): Scalar's API reference over /api/openapi.json, in the app's theme. */
export function ScalarDocsPage() {
  const { t } = useLingui();
  const { resolved } = useColorMode();
  const target = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const state = useScalar(target, attempt, resolved === 'dark');
  return <DocsPanel target={target} state={state} label={t`API documentation (Scalar)`} onRetry={() => setAttempt((n) => n + 1)} testId="api-docs-scalar" themed />;
}
