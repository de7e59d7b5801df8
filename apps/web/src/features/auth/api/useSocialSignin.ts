import { useMutation } from '@tanstack/react-query';
import { AUTH_TOKEN_HEADER, authResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import type { SignedIn } from './useEmailSignin';

export type SocialProviderName = 'google' | 'facebook';

/** POST /api/v1/auth/{google|facebook} with the provider's access token; 503 if not set up. */
export function useSocialSignin(provider: SocialProviderName) {
  return useMutation({
    mutationFn: async (accessToken: string): Promise<SignedIn> => {
      const { data, headers } = await apiRequest(`/auth/${provider}`, {
        method: 'POST',
        body: { access_token: accessToken },
        schema: authResponseSchema,
      });
      return { user: data.user, token: headers.get(AUTH_TOKEN_HEADER) ?? '' };
    },
  });
}
