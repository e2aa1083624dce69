import { bindContext } from '../lib/bind';
import {
  register,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
} from './accounts';
import { login, refresh, logout } from './sign-in';
import { authContext } from './common';
import type { AuthDependencies } from './common';

export { authAnswers } from './common';
export type { AuthDependencies } from './common';

export function createAuthService(input: AuthDependencies) {
  const deps = authContext(input);
  return {
    ...bindContext(deps, {
      register,
      login,
      refresh,
      verifyEmail,
      resendVerification,
      requestPasswordReset,
      confirmPasswordReset,
      logout,
    }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
