import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DataEventBus } from '../data/data-event-bus';
import type { NavigationItem } from '../../schemas/entity-document';
import type { IdentityContext } from './context-resolver';
import type { FastifyRequest } from 'fastify';
import type { BackgroundTasks } from './background-tasks';
import type { EnrolmentCheck, SignInAnswer, SignInClient } from './sign-in';
import type { TokenService } from './token-service';
import type { OidcProviderId } from './oidc-config';

/** What the identity route modules share, built once by identityRoutes. */
export interface IdentityServices {
  db: Database;
  config: Config;
  navigation: NavigationItem[];
  tokens: TokenService;
  resolve: (request: FastifyRequest) => Promise<IdentityContext>;
  signIn: (authorization: string | undefined, address: string, client?: SignInClient) => Promise<SignInAnswer>;
  /** The sign-in's checks for an enrolment at sign-in (a role requires a second factor the user lacks). */
  checkForEnrolment: EnrolmentCheck;
  /** The sign-in's checks before a passkey challenge at sign-in (the user has a passkey). */
  checkForPasskey: EnrolmentCheck;
  now: () => number;
  registrationAllowed: boolean;
  rememberAllowed: boolean;
  /** Prefix of links in mails (MATE_PUBLIC_URL); empty gives site-relative links. */
  publicUrl: string;
  /** Whether mails leave by SMTP (MATE_SMTP_URL set) or only wait in the outbox (Administration). */
  mailDelivery: 'smtp' | 'outbox';
  /** Where the browser loads avatars from (MATE_AVATAR_BASE_URL), default our own endpoint. */
  avatarBaseUrl: string;
  /** Work answers do not wait for (password reset mails). */
  background: BackgroundTasks;
  /** The data event bus, when the app has one: identity's own writes to catalogue rows are published on it. */
  events?: DataEventBus;
  /** The OpenID Connect providers the sign-in page offers (MATE_OIDC_*), in the order of OIDC_PROVIDER_IDS. */
  signInProviders: OidcProviderId[];
}
