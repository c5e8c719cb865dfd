import useSWR from 'swr';
import { fetchAuthSettings, type AuthSettings } from './auth-api';

const FALLBACK: AuthSettings = { registrationAllowed: false, rememberAllowed: false, integratedLogin: true, passwordMinLength: 8 };

/** The server's auth settings; until they arrive, nothing optional (register, remember) is offered. */
export function useAuthSettings(): { settings: AuthSettings; loaded: boolean } {
  const { data } = useSWR('mate:auth-settings', fetchAuthSettings, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { settings: data ?? FALLBACK, loaded: data !== undefined };
}
