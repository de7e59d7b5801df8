/** A refused /group request whose message is shown (logged, document 001) to the client as is. */
export class GroupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GroupError';
  }
}

/** The refusals of the /group channel, one wording each. */
export const GROUP_REFUSALS = {
  notFound: 'This event was not found.',
  over: 'This event is over.',
  notJoined: 'Join this event first (group-join-room).',
  notMember: 'You are not in this event.',
  startHostOnly: 'Only the host can start this event.',
  cancelHostOnly: 'Only the host can cancel this event.',
  alreadyStarted: 'This event has already started.',
} as const;
