import { useMutation } from '@tanstack/react-query';
import {
  AUTH_TOKEN_HEADER,
  authResponseSchema,
  type AuthResponse,
  type EmailSigninRequest,
} from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

export type SignedIn = { user: AuthResponse['user']; token: string };

/** POST /api/v1/email-signin: the user in the body, the session token in x-auth-token. */
export function useEmailSignin() {
  return useMutation({
    mutationFn: async (body: EmailSigninRequest): Promise<SignedIn> => {
      const { data, headers } = await apiRequest('/email-signin', {
        method: 'POST',
        body,
        schema: authResponseSchema,
      });
      return { user: data.user, token: headers.get(AUTH_TOKEN_HEADER) ?? '' };
    },
  });
}
