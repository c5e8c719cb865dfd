import { useCallback, useEffect, useRef, useState } from 'react';
import { runBusyAction, type BusyPhase } from './busy-action';

/** The busy indicator as a hook: `run` goes through the phases; the phase drives the icon. */
export function useBusyAction<T>(action: () => Promise<T>): { phase: BusyPhase; run: () => Promise<T | undefined> } {
  const [phase, setPhase] = useState<BusyPhase>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async () => {
    try {
      return await runBusyAction(action, (next) => mounted.current && setPhase(next));
    } catch {
      // The caller's action reports its own failure (usually a toast); the button only shows it.
      return undefined;
    }
  }, [action]);
  return { phase, run };
}
