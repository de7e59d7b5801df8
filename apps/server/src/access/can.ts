/**
 * Who may do what, in one table (issue 24). A shared lower layer: it knows nothing of the
 * modules, only the few fields a rule reads, so every route, socket and job asks the same
 * question the same way. Plan rules (which video a plan plays, media/access.ts) are not here:
 * they depend on the plan, not on who owns what.
 */

/** Someone known by id alone: enough for the rules that are the owner's only. */
export type Someone = { readonly id: number };

/** A member with their role: needed by every rule an admin may override. */
export type Member = Someone & { readonly admin: boolean };

/** What an owner rule is checked against: the member a video, ride, event or account is of. */
export type Owned = { readonly ownerId: number };

/**
 * - `owner`: the owner only; an admin is refused like anyone else;
 * - `owner-or-admin`: the owner, or any admin;
 * - `admin`: admins only, whatever they act on.
 */
export type Rule = 'owner' | 'owner-or-admin' | 'admin';

/**
 * Every action and its rule. An `account.*` action acts on a member's account (its owner is the
 * member the request names); the others on a video, a track (a recorded ride), a group ride or
 * a challenge membership (names: docs/glossary.md).
 */
export const ACCESS_RULES = {
  /** GET /users/{id}: the private fields (email, plan...); anyone else sees the public ones. */
  'account.readPrivate': 'owner',
  'account.updateProfile': 'owner',
  /** POST /test-upload names the member the new video is for. */
  'account.uploadVideo': 'owner',
  'account.hostGroupRide': 'owner',
  'account.buyPlan': 'owner',
  'account.openBilling': 'owner',
  'account.redeemCoupon': 'owner-or-admin',
  'account.connectStrava': 'owner',
  /** A /ride payload's user id: a socket rides as its session's member only. */
  'account.ride': 'owner',
  /** GET /channel-info/ with myChannel=TRUE: hidden and processing videos too. */
  'channel.seeAllVideos': 'owner',
  /** Edit, delete, and see a video before it is ready (document 001 section 6). */
  'video.manage': 'owner-or-admin',
  /** The whole video in HD whatever the plan (media/access.ts applies the plans after this). */
  'video.playWithoutPlan': 'owner-or-admin',
  'video.seeUploadStatus': 'owner',
  'video.uploadFiles': 'owner',
  /** Rebuild the slope profile from a GPX file, or preview it (document 001 section 4). */
  'video.uploadGpx': 'owner-or-admin',
  /**
   * Voiceovers of a video: upload, delete, list those still processing or failed, and hear
   * them while the owner has muted them for viewers (document 001 sections 4 and 6).
   */
  'voiceover.manage': 'owner-or-admin',
  /** The video's two audio switches for viewers (POST /race/handle-mutes). */
  'video.switchAudio': 'owner-or-admin',
  /** A ride's list entry, stats, FIT file and series (issue 21: one rule for both FIT routes). */
  'track.read': 'owner-or-admin',
  'track.delete': 'owner-or-admin',
  /** Pushing points to, stopping, or comparing with a ride on /ride. */
  'track.record': 'owner',
  /** Strava actions stay the member's own: not even an admin sends another's ride. */
  'track.uploadToStrava': 'owner',
  'track.markUploaded': 'owner',
  'groupRide.start': 'owner',
  'groupRide.cancel': 'owner',
  'challengeMembership.change': 'owner',
  'challengeMembership.read': 'owner-or-admin',
  /** The admin pages and calls (coupons, challenges...). */
  'site.administer': 'admin',
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof ACCESS_RULES;
type ActionsOf<R extends Rule> = {
  [A in Action]: (typeof ACCESS_RULES)[A] extends R ? A : never;
}[Action];
export type OwnerAction = ActionsOf<'owner'>;
export type OwnerOrAdminAction = ActionsOf<'owner-or-admin'>;
export type AdminAction = ActionsOf<'admin'>;

/**
 * Whether `who` (null: a guest) may take `action` on `resource`. The overloads make the types
 * say what a rule needs: the role for a rule an admin passes, no resource for an admin one.
 */
export function can(who: Someone | null, action: OwnerAction, resource: Owned): boolean;
export function can(who: Member | null, action: OwnerOrAdminAction, resource: Owned): boolean;
export function can(who: Member | null, action: AdminAction): boolean;
export function can(who: Someone | Member | null, action: Action, resource?: Owned): boolean {
  if (!who) return false;
  const isAdmin = 'admin' in who && who.admin === true;
  const isOwner = resource !== undefined && who.id === resource.ownerId;
  switch (ACCESS_RULES[action]) {
    case 'owner':
      return isOwner;
    case 'owner-or-admin':
      return isOwner || isAdmin;
    case 'admin':
      return isAdmin;
  }
}
