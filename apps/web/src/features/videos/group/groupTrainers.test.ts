import { describe, expect, it } from 'vitest';
import type { GroupRoomMember } from '@ridealong/contracts';
import { notReady, notReadyText, trainerStateOf } from './groupTrainers';

const me: GroupRoomMember = { id: 1, display_name: 'Me', photo_url: null };
const ready: GroupRoomMember = {
  id: 2,
  display_name: 'Ann',
  photo_url: null,
  trainer_connected: true,
};
const bare: GroupRoomMember = {
  id: 3,
  display_name: 'Bob',
  photo_url: null,
  trainer_connected: false,
};
const v1: GroupRoomMember = { id: 4, display_name: 'Old App', photo_url: null };

describe('trainer states in the waiting room', () => {
  it('takes this page’s own state from its tracker, the others’ from their reports', () => {
    expect(trainerStateOf(me, 1, true)).toBe('connected');
    expect(trainerStateOf(me, 1, false)).toBe('missing');
    // What the server last had of this page does not override what the page knows.
    expect(trainerStateOf({ ...me, trainer_connected: false }, 1, true)).toBe('connected');
    expect(trainerStateOf(ready, 1, false)).toBe('connected');
    expect(trainerStateOf(bare, 1, true)).toBe('missing');
  });

  it('treats a rider who never reported (a v1 app) as unknown, never as not ready', () => {
    expect(trainerStateOf(v1, 1, true)).toBe('unknown');
    expect(notReady([me, ready, bare, v1], 1, true)).toEqual([bare]);
    expect(notReady([me, ready, v1], 1, true)).toEqual([]);
  });

  it('names who is not ready for the host, this page included', () => {
    expect(notReady([me, bare], 1, false)).toEqual([me, bare]);
    expect(notReadyText([])).toBeNull();
    expect(notReadyText([bare])).toBe('Not ready: Bob has no trainer connected yet.');
    expect(notReadyText([bare, { ...v1, display_name: '' }, ready])).toBe(
      'Not ready: Bob, A racer and Ann have no trainer connected yet.',
    );
  });
});
