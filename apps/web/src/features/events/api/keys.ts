/** Query keys of this feature. */
export const eventsKeys = {
  active: ['events', 'active'] as const,
  completedCount: ['events', 'completed-count'] as const,
  completed: ['events', 'completed'] as const,
};
