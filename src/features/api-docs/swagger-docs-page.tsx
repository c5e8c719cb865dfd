import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { DocsPanel } from './docs-panel';
import { useSwaggerUi } from './use-swagger-ui';

/** /api-docs/swagger (component 'api-docs-swagger'): Swagger UI over /api/openapi.json; "Try it out" acts as the signed-in user. */
export function SwaggerDocsPage() {
  const { t } = useLingui();
  const target = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const state = useSwaggerUi(target, attempt);
  return <DocsPanel target={target} state={state} label={t`API documentation (Swagger UI)`} onRetry={() => setAttempt((n) => n + 1)} testId="api-docs-swagger" />;
}
