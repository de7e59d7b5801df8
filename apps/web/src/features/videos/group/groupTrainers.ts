import type { GroupRoomMember } from '@ridealong/contracts';

/**
 * Trainer states in the waiting room (issue 23, docs/group.md 'Trainer states'): each rider
 * sees whose smart trainer is connected, a rider without one is asked to connect before the
 * host starts, and the host sees who is not ready. A rider whose app never reports a state
 * (a v1 desktop app) is 'unknown': shown as nothing and never counted as not ready.
 */
export type TrainerState = 'connected' | 'missing' | 'unknown';

/** This page knows its own trainer; everyone else's is what their client reported. */
export function trainerStateOf(
  member: GroupRoomMember,
  selfId: number,
  selfTrainerLive: boolean,
): TrainerState {
  const connected = member.id === selfId ? selfTrainerLive : member.trainer_connected;
  if (connected === undefined) return 'unknown';
  return connected ? 'connected' : 'missing';
}

/** The riders listed whose trainer is reported not connected, in the list's order. */
export function notReady(
  members: readonly GroupRoomMember[],
  selfId: number,
  selfTrainerLive: boolean,
): GroupRoomMember[] {
  return members.filter((m) => trainerStateOf(m, selfId, selfTrainerLive) === 'missing');
}

/** The host's line about who is not ready, or null when nobody is known not to be. */
export function notReadyText(riders: readonly GroupRoomMember[]): string | null {
  if (riders.length === 0) return null;
  const names = riders.map((m) => m.display_name || 'A racer');
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Not ready: ${list} ${riders.length === 1 ? 'has' : 'have'} no trainer connected yet.`;
}
