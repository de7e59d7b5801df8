import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupRequest } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/v1/signup: 201 sends the verification mail (`verification_mail_sent` false when the
 * account was made but the mail could not be sent); 409 means the email is taken.
 */
export function useSignup() {
  return useMutation({
    mutationFn: async (body: SignupRequest) =>
      (await apiRequest('/signup', { method: 'POST', body, schema: signupResponseSchema })).data,
  });
}
