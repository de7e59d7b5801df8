import type { GroupRoomMember } from '@ridealong/contracts';

/**
 * Who is in the waiting room: the members the join answer listed, then whoever an identity
 * pulse names (a newcomer, or a new name, photo or trainer state), less whoever leaves. In
 * order of arrival. A pulse without a trainer state keeps the one known.
 */
export type MembersAction =
  | { type: 'joined'; members: readonly GroupRoomMember[] }
  | { type: 'seen'; member: GroupRoomMember }
  | { type: 'left'; id: number };

export function membersReducer(
  members: readonly GroupRoomMember[],
  action: MembersAction,
): readonly GroupRoomMember[] {
  switch (action.type) {
    case 'joined': {
      // A rejoin (after a reconnect) answers the room anew; one row per member.
      const byId = new Map(action.members.map((m) => [m.id, m]));
      return [...byId.values()];
    }
    case 'seen': {
      const at = members.findIndex((m) => m.id === action.member.id);
      if (at < 0) return [...members, action.member];
      const known = members[at];
      const trainer = action.member.trainer_connected ?? known?.trainer_connected;
      if (
        known &&
        known.display_name === action.member.display_name &&
        known.photo_url === action.member.photo_url &&
        known.trainer_connected === trainer
      ) {
        return members; // most pulses change nothing: no redraw
      }
      const seen =
        trainer === undefined ? action.member : { ...action.member, trainer_connected: trainer };
      return members.map((m, i) => (i === at ? seen : m));
    }
    case 'left':
      return members.some((m) => m.id === action.id)
        ? members.filter((m) => m.id !== action.id)
        : members;
  }
}
