import type { GroupMember } from '@ridealong/contracts';

/**
 * Who is in the waiting room: the members the join answer listed, then whoever an identity
 * pulse names (a newcomer, or a new name or photo), less whoever leaves. In order of arrival.
 */
export type MembersAction =
  | { type: 'joined'; members: readonly GroupMember[] }
  | { type: 'seen'; member: GroupMember }
  | { type: 'left'; id: number };

export function membersReducer(
  members: readonly GroupMember[],
  action: MembersAction,
): readonly GroupMember[] {
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
      if (
        known &&
        known.display_name === action.member.display_name &&
        known.photo_url === action.member.photo_url
      ) {
        return members; // most pulses change nothing: no redraw
      }
      return members.map((m, i) => (i === at ? action.member : m));
    }
    case 'left':
      return members.some((m) => m.id === action.id)
        ? members.filter((m) => m.id !== action.id)
        : members;
  }
}
