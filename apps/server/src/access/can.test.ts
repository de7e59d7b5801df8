import { describe, expect, it } from 'vitest';
import {
  ACCESS_RULES,
  can,
  type AdminAction,
  type Member,
  type OwnerAction,
  type OwnerOrAdminAction,
} from './can.js';

type Verdicts = { owner: boolean; other: boolean; admin: boolean; guest: boolean };

const OWNER_ONLY: Verdicts = { owner: true, other: false, admin: false, guest: false };
const OWNER_OR_ADMIN: Verdicts = { owner: true, other: false, admin: true, guest: false };

// Spelled out per action (not read from ACCESS_RULES), so a changed rule fails here; the
// Record types make a new action fail the type-check until it is listed.
const ownerActions: Record<OwnerAction, Verdicts> = {
  'account.readPrivate': OWNER_ONLY,
  'account.updateProfile': OWNER_ONLY,
  'account.uploadVideo': OWNER_ONLY,
  'account.hostGroupRide': OWNER_ONLY,
  'account.buyPlan': OWNER_ONLY,
  'account.openBilling': OWNER_ONLY,
  'account.connectStrava': OWNER_ONLY,
  'account.ride': OWNER_ONLY,
  'channel.seeAllVideos': OWNER_ONLY,
  'video.seeUploadStatus': OWNER_ONLY,
  'video.uploadFiles': OWNER_ONLY,
  'track.record': OWNER_ONLY,
  'track.uploadToStrava': OWNER_ONLY,
  'track.markUploaded': OWNER_ONLY,
  'groupRide.start': OWNER_ONLY,
  'groupRide.cancel': OWNER_ONLY,
  'challengeMembership.change': OWNER_ONLY,
};

const ownerOrAdminActions: Record<OwnerOrAdminAction, Verdicts> = {
  'account.redeemCoupon': OWNER_OR_ADMIN,
  'video.manage': OWNER_OR_ADMIN,
  'video.uploadGpx': OWNER_OR_ADMIN,
  'video.playWithoutPlan': OWNER_OR_ADMIN,
  'voiceover.manage': OWNER_OR_ADMIN,
  'video.switchAudio': OWNER_OR_ADMIN,
  'track.read': OWNER_OR_ADMIN,
  'track.delete': OWNER_OR_ADMIN,
  'challengeMembership.read': OWNER_OR_ADMIN,
};

const adminActions: Record<AdminAction, Omit<Verdicts, 'owner'>> = {
  'site.administer': { other: false, admin: true, guest: false },
};

const owner: Member = { id: 7, admin: false };
const other: Member = { id: 8, admin: false };
const admin: Member = { id: 9, admin: true };
const resource = { ownerId: 7 };

describe('can', () => {
  it('has a verdict here for every action of the table', () => {
    const listed = [
      ...Object.keys(ownerActions),
      ...Object.keys(ownerOrAdminActions),
      ...Object.keys(adminActions),
    ];
    expect(listed.sort()).toEqual(Object.keys(ACCESS_RULES).sort());
  });

  it.each(Object.entries(ownerActions) as Array<[OwnerAction, Verdicts]>)(
    '%s: the owner only, an admin neither',
    (action, verdicts) => {
      expect({
        owner: can(owner, action, resource),
        other: can(other, action, resource),
        admin: can(admin, action, resource),
        guest: can(null, action, resource),
      }).toEqual(verdicts);
      // A member known by id alone (a socket's rider, a host id) is enough for these rules.
      expect(can({ id: 7 }, action, resource)).toBe(true);
    },
  );

  it.each(Object.entries(ownerOrAdminActions) as Array<[OwnerOrAdminAction, Verdicts]>)(
    '%s: the owner, or any admin',
    (action, verdicts) => {
      expect({
        owner: can(owner, action, resource),
        other: can(other, action, resource),
        admin: can(admin, action, resource),
        guest: can(null, action, resource),
      }).toEqual(verdicts);
      expect(can({ id: 7, admin: true }, action, resource)).toBe(true);
    },
  );

  it.each(Object.entries(adminActions) as Array<[AdminAction, Omit<Verdicts, 'owner'>]>)(
    '%s: admins only',
    (action, verdicts) => {
      expect({
        other: can(other, action),
        admin: can(admin, action),
        guest: can(null, action),
      }).toEqual(verdicts);
    },
  );
});
