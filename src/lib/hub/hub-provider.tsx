import { createContext, useContext, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { apiGet, apiToken, apiUrl } from '../api/api-client';
import { DATA_EVENT_TARGETS, HubSession, type DataEventMessage, type DataEventType, type HubSnapshot } from './hub-session';
import { changesScope, isKeyOfKind, isScopeKey } from './swr-keys-of-kind';

const HubContext = createContext<HubSession | null>(null);

/** Several changes in a burst (an import) refresh the scope once. */
const SCOPE_REFRESH_DELAY_MS = 500;

const fetchBuildDate = async () => (await apiGet<{ buildDate?: string }>('/api/info')).buildDate;

/**
 * The hub connection of the signed-in session: made when the shell mounts, stopped when it unmounts (sign-out).
 * Data messages revalidate what SWR holds of that kind and, shortly after, for a tenancy kind, the scope tree (the
 * organisation, store and till selectors).
 */
export function HubProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<HubSession | null>(null);
  const { mutate } = useSWRConfig();
  const scopeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Made in the effect, not in state, so a mount that is undone (StrictMode) stops its own connection only.
  useEffect(() => {
    const made = new HubSession({ url: apiUrl('/api/hub/mate'), getToken: apiToken, fetchBuildDate });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the connection is an outside system made by this effect (a StrictMode mount that is undone stops its own); state is how its children get it.
    setSession(made);
    void made.start();
    return () => {
      setSession(null);
      void made.stop();
    };
  }, []);

  useEffect(() => {
    if (!session) return;
    const offs = DATA_EVENT_TARGETS.map((target) =>
      session.on<DataEventMessage>(target, (message) => {
        void mutate((key) => isKeyOfKind(key, message.area, message.entity));
        if (!changesScope(message)) return;
        clearTimeout(scopeTimer.current);
        scopeTimer.current = setTimeout(() => void mutate(isScopeKey), SCOPE_REFRESH_DELAY_MS);
      }),
    );
    return () => {
      clearTimeout(scopeTimer.current);
      for (const off of offs) off();
    };
  }, [session, mutate]);

  return <HubContext.Provider value={session}>{children}</HubContext.Provider>;
}

/** The hub session; null outside the signed-in shell. */
export function useHub(): HubSession | null {
  return useContext(HubContext);
}

const OFFLINE: HubSnapshot = { status: 'disconnected', updateAvailable: false };
const noSubscription = () => () => undefined;

/** The hub's status and whether an update is available; re-renders on change. */
export function useHubStatus(): HubSnapshot {
  const hub = useHub();
  return useSyncExternalStore(hub?.listen ?? noSubscription, hub?.getSnapshot ?? (() => OFFLINE), hub?.getSnapshot ?? (() => OFFLINE));
}

/** Calls `handler` for every data message of the kind `<area>/<entity>` (case-insensitive). */
export function useDataEvents(area: string, entity: string, handler: (type: DataEventType, message: DataEventMessage) => void): void {
  const hub = useHub();
  const handle = useEffectEvent(handler);
  useEffect(() => {
    if (!hub) return;
    const offs = DATA_EVENT_TARGETS.map((target) =>
      hub.on<DataEventMessage>(target, (message) => {
        if (message.area.toLowerCase() === area.toLowerCase() && message.entity.toLowerCase() === entity.toLowerCase()) handle(target, message);
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [hub, area, entity]);
}

/** Puts a hub session made elsewhere in reach of the hooks below (component tests; the shell uses HubProvider). */
export function HubSessionProvider({ session, children }: { session: HubSession; children: ReactNode }) {
  return <HubContext.Provider value={session}>{children}</HubContext.Provider>;
}
