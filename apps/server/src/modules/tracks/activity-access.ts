import { can } from '../../access/can.js';
import type { UserRow } from '../../db/schema.js';

export type Viewer = Pick<UserRow, 'id' | 'admin'>;

/**
 * Who may read a member's activity (its list entry, stats, FIT file): the member, or an admin.
 * One rule for `/tracks/{id}/fit` and document 001's `/track/{id}/download` (issue 21), which
 * serve the same file; acting on a ride for Strava stays the owner's own (service.ts).
 */
export function mayReadActivity(viewer: Viewer, ownerId: number): boolean {
  return can(viewer, 'track.read', { ownerId });
}
