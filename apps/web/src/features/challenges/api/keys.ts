/** Query keys of this feature ('challenges' first: joining refreshes them all). */
export const challengesKeys = {
  all: ['challenges'] as const,
  active: ['challenges', 'active'] as const,
  past: ['challenges', 'past'] as const,
  values: (id: number) => ['challenges', 'values', id] as const,
  leaderboard: (id: number) => ['challenges', 'leaderboard', id] as const,
  userChallenge: (id: number, userId: string) =>
    ['challenges', 'user-challenge', id, userId] as const,
};
