import { useMemo, useSyncExternalStore } from 'react';
import type { ReloginReason, SecondFactorAnswer, SessionProfile, SessionStatus, SessionUser, SignInProvider } from './session-types';
import { useSessionStore } from './use-session-store';

/** What components read and do with the session. */
export interface Session {
  status: SessionStatus;
  /** False until the stored token has been checked at start. */
  ready: boolean;
  user?: SessionUser;
  profile?: SessionProfile;
  token?: string;
  remember: boolean;
  reloginReason?: ReloginReason;
  /** With reason 'idle': the minutes without activity after which it was locked. */
  idleMinutes?: number;
  /** How the session was signed in (absent: the product's password). */
  provider?: SignInProvider;
  /** Answers the recovery codes when the sign-in finished setting up a second factor. */
  signIn(username: string, password: string, remember: boolean, secondFactor?: SecondFactorAnswer): Promise<string[] | undefined>;
  /** Signs in with an OpenID provider's ID token; answers as signIn. */
  signInWithProvider(provider: Exclude<SignInProvider, 'internal'>, idToken: string, remember: boolean, secondFactor?: SecondFactorAnswer): Promise<string[] | undefined>;
  signOut(): Promise<void>;
  /** Opens the re-login dialog with reason 'lock' (offer it only with integrated login). */
  lock(): void;
  /** Opens the re-login dialog with reason 'idle' (the back office's idle timeout, src/auth/idle-lock.tsx). */
  lockIdle(minutes: number): void;
}

/** The current session; re-renders on every change. */
export function useSession(): Session {
  const store = useSessionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      signIn: (username: string, password: string, remember: boolean, secondFactor?: SecondFactorAnswer) => store.signIn(username, password, remember, secondFactor),
      signInWithProvider: (provider: Exclude<SignInProvider, 'internal'>, idToken: string, remember: boolean, secondFactor?: SecondFactorAnswer) =>
        store.signInWithProvider(provider, idToken, remember, secondFactor),
      signOut: () => store.signOut(),
      lock: () => store.lock(),
      lockIdle: (minutes: number) => store.lockIdle(minutes),
    }),
    [snapshot, store],
  );
}
