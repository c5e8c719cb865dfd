import { useCallback, useEffect, useState } from 'react';

/**
 * The wait a sign-in back-off asked for (401 [40103] or 429 with `retryAfterSeconds`): `waiting` holds from `start`
 * until the seconds have passed, so the form can keep its button from sending attempts that would only be refused
 * again, and offers it once more when another try can succeed.
 */
export function useRetryWait(): { waiting: boolean; start: (seconds: number | undefined) => void } {
  const [retryAt, setRetryAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (retryAt === undefined) return;
    const timer = setTimeout(() => setRetryAt(undefined), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt]);
  const start = useCallback((seconds: number | undefined) => setRetryAt(seconds && seconds > 0 ? Date.now() + seconds * 1000 : undefined), []);
  return { waiting: retryAt !== undefined, start };
}
