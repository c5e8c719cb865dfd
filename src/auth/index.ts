// The auth module's public face: the shell wires these into the router and the layout.
export { SessionProvider } from './session-provider';
export { useSession, type Session } from './use-session';
export { RequireAuth } from './require-auth';
export { authRoutes, type AuthRouteHandle } from './auth-routes';
export { UserMenu, type UserMenuProps } from './user-menu';
export { ReloginDialog } from './relogin-dialog';
export { configureSessionForApi } from './configure-session-for-api';
export { defaultSessionStore } from './default-session-store';
export { createSessionStore, type SessionStore } from './session-store';
export { UserAvatar } from './user-avatar';
export type { SessionStatus, SessionUser, SessionProfile, ReloginReason } from './session-types';
export { IdleLock } from './idle-lock';
