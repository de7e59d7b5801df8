import { useMutation } from '@tanstack/react-query';
import { okSchema, type SignupRequest } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/signup: 201 sends the verification mail; 409 means the email is taken. */
export function useSignup() {
  return useMutation({
    mutationFn: async (body: SignupRequest) =>
      (await apiRequest('/signup', { method: 'POST', body, schema: okSchema })).data,
  });
}
