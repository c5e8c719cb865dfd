import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { DocsPanel } from './docs-panel';
import { useRedoc } from './use-redoc';

/** /api-docs/redoc (component 'api-docs-redoc'): Redoc's reading view of /api/openapi.json. */
export function RedocDocsPage() {
  const { t } = useLingui();
  const target = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const state = useRedoc(target, attempt);
  return <DocsPanel target={target} state={state} label={t`API documentation (Redoc)`} onRetry={() => setAttempt((n) => n + 1)} testId="api-docs-redoc" />;
}
