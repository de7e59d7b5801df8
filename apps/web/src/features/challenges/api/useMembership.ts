import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { CHALLENGE_MESSAGES, userSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import { challengesKeys } from './queries';

export type MembershipAction = 'join' | 'leave';

const PATHS: Record<MembershipAction, string> = {
  join: '/challenge/add-user',
  leave: '/challenge/remove-user',
};

/**
 * POST /api/v1/challenge/add-user or remove-user {user_id, challenge_id}. The answer is the
 * member's whole user: it replaces the stored one (its user_challenges drive every Join
 * control), and the challenge's leaderboard, progress and participant counts are asked again.
 */
export function useMembership(challengeId: number) {
  const client = useQueryClient();
  const userId = useUserStore((s) => s.user.userId);
  return useMutation({
    mutationFn: async (action: MembershipAction) =>
      (
        await apiRequest(PATHS[action], {
          method: 'POST',
          body: { user_id: Number(userId), challenge_id: challengeId },
          schema: userSchema,
        })
      ).data,
    onSuccess: (user) => {
      const store = useUserStore.getState();
      // Signed out (or in as someone else) meanwhile: that answer is no longer theirs.
      if (store.user.userId === String(user.id)) store.updateUser(user);
      void client.invalidateQueries({ queryKey: challengesKeys.leaderboard(challengeId) });
      void client.invalidateQueries({ queryKey: challengesKeys.userChallenges(challengeId) });
      void client.invalidateQueries({ queryKey: challengesKeys.values(challengeId) });
      void client.invalidateQueries({ queryKey: challengesKeys.active });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: CHALLENGE_MESSAGES.failed,
        message: error.message,
      });
    },
  });
}
