import { describe, expect, it } from 'vitest';
import { GROUP_ENTRY_PARAMS, groupEntryPath, parseGroupEntry } from './groupEntry';

const paramsOf = (path: string) => new URL(path, 'http://x').searchParams;

describe('groupEntryPath', () => {
  it('writes the event id, the group flag and the status after the video path', () => {
    expect(groupEntryPath('hill-climb', { eventId: 42, status: 'waiting-room' })).toBe(
      '/video/hill-climb?eventId=42&group=true&status=waiting-room',
    );
  });

  it('names its parameters after the exported constants', () => {
    const params = paramsOf(groupEntryPath('v', { eventId: 7, status: 'in-progress' }));
    expect(params.get(GROUP_ENTRY_PARAMS.eventId)).toBe('7');
    expect(params.get(GROUP_ENTRY_PARAMS.group)).toBe('true');
    expect(params.get(GROUP_ENTRY_PARAMS.status)).toBe('in-progress');
  });

  it('escapes a race url that is not a plain slug', () => {
    expect(groupEntryPath('a b/c', { eventId: 1, status: 'waiting-room' })).toMatch(
      /^\/video\/a%20b%2Fc\?/,
    );
  });
});

describe('parseGroupEntry', () => {
  it('reads back what the builder wrote', () => {
    for (const status of ['waiting-room', 'in-progress', 'complete'] as const) {
      const path = groupEntryPath('v', { eventId: 9, status });
      expect(parseGroupEntry(paramsOf(path))).toEqual({ eventId: 9, status });
    }
  });

  it('is null without the group flag', () => {
    expect(parseGroupEntry(new URLSearchParams('eventId=9&status=waiting-room'))).toBeNull();
    expect(
      parseGroupEntry(new URLSearchParams('eventId=9&group=false&status=waiting-room')),
    ).toBeNull();
  });

  it.each(['', '0', '-3', '1.5', 'abc', '07', '99999999999999999999'])(
    'is null for the event id %j',
    (id) => {
      expect(
        parseGroupEntry(new URLSearchParams({ eventId: id, group: 'true', status: 'complete' })),
      ).toBeNull();
    },
  );

  it('is null for an unknown or missing status', () => {
    expect(parseGroupEntry(new URLSearchParams('eventId=3&group=true&status=live'))).toBeNull();
    expect(parseGroupEntry(new URLSearchParams('eventId=3&group=true'))).toBeNull();
  });
});
