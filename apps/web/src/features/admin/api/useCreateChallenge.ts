import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createChallengeResponseSchema, type CreateChallenge } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { challengesKeys } from '../../../lib/queries/keys';

const failureSchema = z.object({ status: z.literal('failure'), message: z.string() });
const answerSchema = z.union([createChallengeResponseSchema, failureSchema]);

/**
 * POST /api/v1/challenge/create (admins only; the server checks too). A refusal, whether a
 * 4xx or a 200 saying 'failure', rejects with the server's message.
 */
export function useCreateChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateChallenge) => {
      const { data } = await apiRequest('/challenge/create', {
        method: 'POST',
        body,
        schema: answerSchema,
      });
      if (data.status === 'failure') throw new Error(data.message);
      return data.challenge;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
