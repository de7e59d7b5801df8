import type { GroupMember, GroupRoomMember } from '@ridealong/contracts';

/**
 * Riders' trainer states in the waiting room (issue 23): each web client reports whether its
 * smart trainer is connected with its join and every identity pulse (`trainer_connected`),
 * the live store keeps the latest per member for as long as the member's presence entry
 * (every process sees it with Redis), and the room hears it with the identity relay, whose
 * throttle always ends on the latest state (identity-throttle.ts). A member whose client never
 * reports (a v1 desktop app) has no state: 'not reported', which blocks nothing.
 */

/** The room state's riders, each with their trainer's state when one was reported. */
export function withTrainerStates(
  members: readonly GroupMember[],
  states: ReadonlyMap<number, boolean>,
): GroupRoomMember[] {
  return members.map((m) => {
    const connected = states.get(m.id);
    return connected === undefined ? m : { ...m, trainer_connected: connected };
  });
}
