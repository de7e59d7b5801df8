import { describe, expect, it } from 'vitest';
import type { GroupMember } from '@ridealong/contracts';
import { membersReducer } from './groupMembers';

const ann: GroupMember = { id: 1, display_name: 'Ann', photo_url: null };
const bob: GroupMember = { id: 2, display_name: 'Bob', photo_url: 'https://x/bob.jpg' };
const cy: GroupMember = { id: 3, display_name: 'Cy', photo_url: null };

describe('membersReducer', () => {
  it('takes the join answer’s members, once each', () => {
    expect(membersReducer([], { type: 'joined', members: [ann, bob, ann] })).toEqual([ann, bob]);
  });

  it('adds a newcomer an identity pulse names, after the others', () => {
    expect(membersReducer([ann, bob], { type: 'seen', member: cy })).toEqual([ann, bob, cy]);
  });

  it('changes nothing on a repeated pulse, and updates a new name or photo in place', () => {
    const members = [ann, bob];
    expect(membersReducer(members, { type: 'seen', member: { ...bob } })).toBe(members);
    const renamed = { ...ann, display_name: 'Annie', photo_url: 'https://x/a.png' };
    expect(membersReducer(members, { type: 'seen', member: renamed })).toEqual([renamed, bob]);
  });

  it('updates a trainer state in place, and keeps it through pulses that do not report one', () => {
    const members = [ann, bob];
    const bare = membersReducer(members, {
      type: 'seen',
      member: { ...bob, trainer_connected: false },
    });
    expect(bare).toEqual([ann, { ...bob, trainer_connected: false }]);
    expect(membersReducer(bare, { type: 'seen', member: { ...bob } })).toBe(bare);
    const ready = membersReducer(bare, {
      type: 'seen',
      member: { ...bob, trainer_connected: true },
    });
    expect(ready[1]).toEqual({ ...bob, trainer_connected: true });
    const renamed = membersReducer(ready, { type: 'seen', member: { ...bob, display_name: 'Bo' } });
    expect(renamed[1]).toEqual({ ...bob, display_name: 'Bo', trainer_connected: true });
  });

  it('removes whoever leaves; an unknown leaver changes nothing', () => {
    const members = [ann, bob, cy];
    expect(membersReducer(members, { type: 'left', id: 2 })).toEqual([ann, cy]);
    expect(membersReducer(members, { type: 'left', id: 9 })).toBe(members);
  });

  it('a rejoin replaces the list with the server’s', () => {
    expect(membersReducer([ann, bob, cy], { type: 'joined', members: [cy] })).toEqual([cy]);
  });
});
