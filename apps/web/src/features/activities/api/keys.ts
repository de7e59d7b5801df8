/** Query keys of this feature, shared by the hooks that read and the ones that refresh them. */
export const activitiesKeys = {
  tracks: (userId: string) => ['tracks-index', userId] as const,
  stats: (userId: string) => ['user-data', userId] as const,
};
