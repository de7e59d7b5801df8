import { useMutation } from '@tanstack/react-query';
import {
  AUTH_TOKEN_HEADER,
  authResponseSchema,
  desktopHandoffResponseSchema,
} from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import type { DesktopSigninRequest } from '../desktopSignin';
import type { SignedIn } from './useEmailSignin';

/** POST /api/v1/auth/desktop-handoff (signed in, in the system browser): the app's callback URL. */
export function useDesktopHandoff() {
  return useMutation({
    mutationFn: async (request: DesktopSigninRequest): Promise<string> =>
      (
        await apiRequest('/auth/desktop-handoff', {
          method: 'POST',
          body: request,
          schema: desktopHandoffResponseSchema,
        })
      ).data.url,
  });
}

/** POST /api/v1/auth/desktop-exchange (in the app): the one-time code for a session. */
export function useDesktopExchange() {
  return useMutation({
    mutationFn: async (body: { code: string; code_verifier: string }): Promise<SignedIn> => {
      const { data, headers } = await apiRequest('/auth/desktop-exchange', {
        method: 'POST',
        body,
        schema: authResponseSchema,
      });
      return { user: data.user, token: headers.get(AUTH_TOKEN_HEADER) ?? '' };
    },
  });
}
