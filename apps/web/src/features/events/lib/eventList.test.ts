import { describe, expect, it } from 'vitest';
import type { EventListItem, EventStatus } from '@ridealong/contracts';
import { filterEvents, hostedByText, mergeEventLists } from './eventList';

const event = (id: number, status: EventStatus): EventListItem => ({
  id,
  status,
  race_url: `v${id}`,
  title: `Ride ${id}`,
  host_user_display_name: 'Ann',
  thumbnail_url: null,
  timeStart: null,
  riders: 0,
});

const mixed = [event(1, 'waiting-room'), event(2, 'in-progress'), event(3, 'complete')];
const ids = (events: readonly EventListItem[]) => events.map((e) => e.id);

describe('filterEvents', () => {
  it('All keeps every event, completed ones included', () => {
    expect(ids(filterEvents(mixed, 'all'))).toEqual([1, 2, 3]);
  });
  it('Live keeps the in-progress events', () => {
    expect(ids(filterEvents(mixed, 'live'))).toEqual([2]);
  });
  it('Upcoming keeps the waiting-room events', () => {
    expect(ids(filterEvents(mixed, 'upcoming'))).toEqual([1]);
  });
});

describe('mergeEventLists', () => {
  it('lists the active events, then the completed pages in order', () => {
    const merged = mergeEventLists(
      [event(5, 'in-progress'), event(4, 'waiting-room')],
      [
        { events: [event(3, 'complete'), event(2, 'complete')] },
        { events: [event(1, 'complete')] },
      ],
    );
    expect(ids(merged)).toEqual([5, 4, 3, 2, 1]);
  });

  it('lists an event that completed since the last poll once, as complete', () => {
    const merged = mergeEventLists(
      [event(5, 'in-progress'), event(4, 'in-progress')],
      [{ events: [event(4, 'complete'), event(3, 'complete')] }],
    );
    expect(merged.map((e) => [e.id, e.status])).toEqual([
      [5, 'in-progress'],
      [4, 'complete'],
      [3, 'complete'],
    ]);
  });

  it('lists a row repeated by shifted pages once', () => {
    const merged = mergeEventLists(
      [],
      [
        { events: [event(3, 'complete'), event(2, 'complete')] },
        { events: [event(2, 'complete')] },
      ],
    );
    expect(ids(merged)).toEqual([3, 2]);
  });
});

describe('hostedByText', () => {
  it("names the host by display name, else 'a racer'", () => {
    expect(hostedByText('Ann Rider')).toBe('Hosted by Ann Rider');
    expect(hostedByText('')).toBe('Hosted by a racer');
    expect(hostedByText('   ')).toBe('Hosted by a racer');
  });
});
