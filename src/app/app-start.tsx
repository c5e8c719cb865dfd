import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { pingApi, type PingOutcome } from '../lib/api/ping';
import { LoadingScreen } from '../shell/loading-screen';
import { ServiceUnavailablePage } from '../shell/service-unavailable-page';

type StartState = 'loading' | PingOutcome;

/** Application start of spec 1 §4: loading, then the ping decides between the app and the unavailable page. */
export function AppStart({ children }: { children: ReactNode }) {
  const [state, setState] = useState<StartState>('loading');
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void pingApi(controller.signal).then((outcome) => {
      if (!controller.signal.aborted) setState(outcome);
    });
    return () => controller.abort();
  }, []);

  const retry = useCallback(() => {
    setRetrying(true);
    void pingApi()
      .then(setState)
      .finally(() => setRetrying(false));
  }, []);

  if (state === 'loading') return <LoadingScreen />;
  if (state === 'unavailable') return <ServiceUnavailablePage onRetry={retry} retrying={retrying} />;
  return <>{children}</>;
}
