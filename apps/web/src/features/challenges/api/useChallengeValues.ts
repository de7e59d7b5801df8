import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { challengeValuesQuery } from './queries';

/** POST /api/v1/challenge/values/ {challenge_id}: the challenge the detail page shows. */
export function useChallengeValues(challengeId: number) {
  return useQuery(challengeValuesQuery(challengeId));
}

/**
 * The answers that send the page back to /challenges: a 400 (section 8), and a 404 for an id
 * that names no challenge.
 */
export function isNoSuchChallenge(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}
