import { describe, expect, it } from 'vitest';
import { parseGroupEntry } from '../../../lib/groupEntry';
import { canJoin, joinDestination } from './join';

const event = { id: 12, race_url: 'river-loop', status: 'in-progress' as const };

describe('joinDestination', () => {
  it('sends a guest to /login, in the browser or the desktop app', () => {
    expect(joinDestination(event, { signedIn: false, electronMode: false })).toBe('/login');
    expect(joinDestination(event, { signedIn: false, electronMode: true })).toBe('/login');
  });

  it("sends a desktop member into the event's group ride on the video page", () => {
    const to = joinDestination(event, { signedIn: true, electronMode: true });
    expect(to).toBe('/video/river-loop?eventId=12&group=true&status=in-progress');
    const url = new URL(to, 'http://x');
    expect(parseGroupEntry(url.searchParams)).toEqual({ eventId: 12, status: 'in-progress' });
  });

  it('sends a browser member to /setup', () => {
    expect(joinDestination(event, { signedIn: true, electronMode: false })).toBe('/setup');
  });
});

describe('canJoin', () => {
  it('offers Join unless the event is complete', () => {
    expect(canJoin('waiting-room')).toBe(true);
    expect(canJoin('in-progress')).toBe(true);
    expect(canJoin('complete')).toBe(false);
  });
});
