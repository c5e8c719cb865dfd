import { Suspense } from 'react';
import { CodeEditorPage } from '../features/code-editor';
import { BusyHourglass } from '../shell/busy-hourglass';
import { PageErrorBoundary } from '../shell/page-error-boundary';

/** The tools/editor page behind the error boundary every page has; loaded with the page (code-editor-route.tsx). */
export function CodeEditorScreen() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<BusyHourglass />}>
        <CodeEditorPage />
      </Suspense>
    </PageErrorBoundary>
  );
}
