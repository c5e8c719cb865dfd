import type { RouteObject } from 'react-router';
import { AccountPage } from './account/account-page';
import { ChangePasswordPage } from './pages/change-password-page';
import { LoginPage } from './pages/login-page';
import { LogoutPage } from './pages/logout-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { ValidateEmailPage } from './pages/validate-email-page';
import { RequireAuth } from './require-auth';

/** Route meta the shell's guards read: anonymous routes need no user, and none of these is permission-gated. */
export interface AuthRouteHandle {
  anonymous: boolean;
  ignorePermissions: true;
}

const open: AuthRouteHandle = { anonymous: true, ignorePermissions: true };

/**
 * The auth routes of spec 1 §2, outside the signed-in layout. The reset and validate pages read their query
 * (`?token=`) themselves, so the query passes on unchanged.
 */
export const authRoutes: RouteObject[] = [
  { path: '/auth/login', element: <LoginPage />, handle: open },
  { path: '/auth/register', element: <RegisterPage />, handle: open },
  { path: '/auth/reset-password', element: <ResetPasswordPage />, handle: open },
  { path: '/auth/validate-email', element: <ValidateEmailPage />, handle: open },
  {
    path: '/auth/change-password',
    element: (
      <RequireAuth>
        <ChangePasswordPage />
      </RequireAuth>
    ),
    handle: { anonymous: false, ignorePermissions: true } satisfies AuthRouteHandle,
  },
  {
    path: '/auth/account',
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
    handle: { anonymous: false, ignorePermissions: true } satisfies AuthRouteHandle,
  },
  { path: '/logout', element: <LogoutPage />, handle: open },
];
