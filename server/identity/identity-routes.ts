import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DataEventBus } from '../data/data-event-bus';
import type { NavigationItem } from '../../schemas/entity-document';
import { registerAccountRoutes } from './account-routes';
import { registerAdminRoutes } from './admin-routes';
import { registerOutboxRoutes } from './outbox-routes';
import { registerAuthRoutes } from './auth-routes';
import { registerAvatarRoutes } from './avatar-routes';
import { permissionMatrixRoutes } from './permission-matrix-routes';
import { BackgroundTasks } from './background-tasks';
import { createContextResolver } from './context-resolver';
import type { IdentityServices } from './identity-services';
import { licensedUsersFromEnv } from './licensed-users';
import { createSignInFlow } from './sign-in';
import { registerPasskeyRoutes } from './passkey-routes';
import { firstBackoffFromEnv } from './sign-in-backoff';
import { DEFAULT_THROTTLE_LIMITS, SignInThrottle, type ThrottleLimits } from './sign-in-throttle';
import { createTokenService } from './token-service';
import { registerUiRoutes } from './ui-routes';
import { registerUserAdminRoutes } from './user-admin-routes';
import { registerSecurityRoutes } from './security-routes';
import { oidcConfigFromEnv } from './oidc-config';
import { registerOidcRoutes } from './oidc-routes';

/** Options of the identity plugin; everything after `navigation` exists for tests and benchmarks. */
export interface IdentityRoutesOptions {
  db: Database;
  config: Config;
  navigation?: NavigationItem[];
  /** The data event bus: registrations and API keys created here are published on it (docs/auth.md). */
  events?: DataEventBus;
  /** Clock in ms (lock-out, throttle, token expiry, one-time links); default Date.now. */
  now?: () => number;
  /**
   * Environment for MATE_REGISTRATION, MATE_REMEMBER, MATE_LICENSED_USERS, MATE_SIGNIN_FIRST_BACKOFF_SECONDS,
   * MATE_PUBLIC_URL, MATE_AVATAR_BASE_URL.
   */
  env?: Record<string, string | undefined>;
  throttleLimits?: ThrottleLimits;
  /** Where work runs that answers do not wait for (password reset mails); tests pass one to run it when they choose. */
  background?: BackgroundTasks;
  /** Who is calling: the app's resolver, so that its authenticate-first hook and these routes resolve a request once. */
  resolve?: IdentityServices['resolve'];
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value.trim() === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());

/** Sign-in, sessions, account mails, profile, permissions, navigation and avatars (docs/auth.md). */
export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, options) => {
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const tokens = createTokenService(options.db, options.config.tokenLifetimeSeconds, now);
  const throttle = new SignInThrottle(options.throttleLimits ?? DEFAULT_THROTTLE_LIMITS, now);
  const background = options.background ?? new BackgroundTasks();
  // A reset mail accepted before shutdown is still written.
  app.addHook('onClose', () => background.idle());
  let ownResolver: ReturnType<typeof createContextResolver> | undefined;
  if (!options.resolve) {
    ownResolver = createContextResolver(options.db, options.config, { now, tokens });
    const cache = ownResolver.cache;
    app.addHook('onClose', () => cache.close());
  }
  // The test apps pass their own environment; the server's was checked by loadConfig at start.
  const oidc = options.env ? oidcConfigFromEnv(env) : (options.config.oidc ?? oidcConfigFromEnv(env));
  const licensedUsers = licensedUsersFromEnv(env);
  const firstBackoffSeconds = firstBackoffFromEnv(env);
  const signInFlow = createSignInFlow({
    db: options.db,
    tokens,
    throttle,
    now,
    licensedUsers,
    firstBackoffSeconds,
    tokenLifetimeSeconds: options.config.tokenLifetimeSeconds,
  });
  const services: IdentityServices = {
    db: options.db,
    config: options.config,
    navigation: options.navigation ?? [],
    tokens,
    resolve: options.resolve ?? ownResolver!,
    signIn: signInFlow.signIn,
    checkForEnrolment: signInFlow.checkForEnrolment,
    checkForPasskey: signInFlow.checkForPasskey,
    now,
    registrationAllowed: flag(env.MATE_REGISTRATION, false),
    rememberAllowed: flag(env.MATE_REMEMBER, true),
    publicUrl: (env.MATE_PUBLIC_URL ?? '').trim().replace(/\/+$/, ''),
    mailDelivery: (env.MATE_SMTP_URL ?? '').trim() ? 'smtp' : 'outbox',
    avatarBaseUrl: (env.MATE_AVATAR_BASE_URL ?? '').trim().replace(/\/+$/, '') || '/api/avatar',
    events: options.events,
    background,
    signInProviders: oidc.providers.map((provider) => provider.id),
  };
  registerAuthRoutes(app, services);
  registerAccountRoutes(app, services);
  registerUiRoutes(app, services);
  registerAdminRoutes(app, services);
  registerOutboxRoutes(app, services);
  registerUserAdminRoutes(app, services);
  registerSecurityRoutes(app, services);
  registerPasskeyRoutes(app, services);
  registerAvatarRoutes(app);
  registerOidcRoutes(app, services, oidc, { licensedUsers, firstBackoffSeconds });
  permissionMatrixRoutes(app, services);
};
