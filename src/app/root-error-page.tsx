import { Box } from '@chakra-ui/react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../shell/error-page';

/**
 * The routes' errorElement: an error the page boundaries did not hold (in the shell itself, the sign-in pages) gets
 * the whole screen, in place of React Router's developer page. Trying again reloads the app.
 */
export function RootErrorPage() {
  const error = useRouteError();
  return (
    <Box as="main" minH="100vh">
      <ErrorPage error={error} home="/" headingLevel="h1" onRetry={() => window.location.reload()} />
    </Box>
  );
}
