import type { GroupMember, GroupRoomMember } from '@ridealong/contracts';

/**
 * Riders' trainer states in the waiting room (issue 23): each web client reports whether its
 * smart trainer is connected with its join and every identity pulse (`trainer_connected`),
 * the live store keeps the latest per member (every process sees it with Redis), and the room
 * hears it with the identity relay. A member whose client never reports (a v1 desktop app)
 * has no state: 'not reported', which blocks nothing.
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

/**
 * The identity relay's throttle key for a pulse (identity-throttle.ts): one per state, so a
 * change of state reaches the room at once instead of waiting out the gap, while a member
 * flipping it as fast as the flood gate allows still reaches the room at most once per state
 * per gap (three states: at most three relays per gap per member and process).
 */
export function identityRelayKey(
  kind: 'join' | 'pulse',
  roomId: number,
  userId: number,
  trainer: boolean | undefined,
): string {
  const state = trainer === undefined ? 'unreported' : trainer ? 'on' : 'off';
  return `${kind}:${roomId}:${userId}:${state}`;
}
