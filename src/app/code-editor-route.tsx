import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useSession } from '../auth';
import { preloadable } from '../lib/lazy/preloadable';
import { BareLayout } from '../shell/bare-layout';
import { LoadingScreen } from '../shell/loading-screen';
import { ToastContainer } from '../shell/toast-container';

// CodeMirror is a few hundred KiB: the page (with its error boundary) and the signed-in frame around it load only when
// tools/editor opens, so the sign-in page's JS does not grow (docs/front-end-performance.md).
const CodeEditorScreen = preloadable(() => import('./code-editor-screen').then((module) => module.CodeEditorScreen));
const SignedInCodeEditor = preloadable(() => import('./signed-in-shell').then((module) => module.SignedInPage));

function Page() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <CodeEditorScreen />
    </Suspense>
  );
}

/**
 * tools/editor and /e/tools/editor (spec 1 §2): open to anonymous users and outside the permission gate. Anonymous, the
 * page sits in the bare layout (in /e, with nothing around it); signed in, in the shell (normal or embedded) with its
 * title bar and navigation.
 */
export function CodeEditorRoute({ embedded = false }: { embedded?: boolean }) {
  const session = useSession();
  if (!session.ready) return null;
  if (session.status === 'anonymous') {
    if (embedded)
      return (
        <Box as="main" p="3" minH="100vh" data-testid="embedded-layout">
          <Page />
          <ToastContainer />
        </Box>
      );
    return (
      <BareLayout>
        <Box px={{ base: '3', md: '6' }} py="4">
          <Page />
        </Box>
      </BareLayout>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInCodeEditor embedded={embedded}>
        <Page />
      </SignedInCodeEditor>
    </Suspense>
  );
}
