import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useBasePath } from './base-path';
import { ErrorPage } from './error-page';

interface BoundaryProps {
  home: string;
  onRetry: () => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPage error={this.state.error} home={this.props.home} onRetry={this.props.onRetry} />;
  }
}

const reload = () => window.location.reload();

/**
 * Keeps a page's render error inside the page: the shell around it stays usable and the error page offers to try
 * again or go home. Trying again reloads the app, so the page's data and code are fetched anew (showing the page
 * again with the data that broke it would only fail again). Another address is another page, so the boundary
 * starts afresh on navigation. (React Router's errorElement does not reach pages of descendant routes, which is
 * how the shell's pages render.)
 */
export function PageErrorBoundary({ children, onRetry = reload }: { children: ReactNode; onRetry?: () => void }) {
  const { pathname } = useLocation();
  const base = useBasePath();
  return (
    <Boundary key={pathname} home={base || '/'} onRetry={onRetry}>
      {children}
    </Boundary>
  );
}
