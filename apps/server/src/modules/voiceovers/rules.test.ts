import { describe, expect, it } from 'vitest';
import { MAX_LAYER_SECONDS } from '@ridealong/contracts';
import {
  END_TOLERANCE_S,
  newLayerFolder,
  overlaps,
  parseUploadFields,
  placementRefusal,
  VOICEOVER_MESSAGES as M,
} from './rules.js';

describe('overlaps', () => {
  const layer = { start: 10, end: 20 };
  it('is true when the stretches share any time', () => {
    for (const other of [
      { start: 5, end: 11 },
      { start: 19.9, end: 30 },
      { start: 12, end: 18 },
      { start: 0, end: 100 },
      { start: 10, end: 20 },
    ]) {
      expect(overlaps(layer, other)).toBe(true);
      expect(overlaps(other, layer)).toBe(true);
    }
  });
  it('is false for stretches that only touch or lie apart', () => {
    for (const other of [
      { start: 0, end: 10 },
      { start: 20, end: 25 },
      { start: 21, end: 22 },
    ]) {
      expect(overlaps(layer, other)).toBe(false);
      expect(overlaps(other, layer)).toBe(false);
    }
  });
});

describe('placementRefusal', () => {
  it('takes a recording inside the video, up to the tolerance past its end', () => {
    expect(placementRefusal(0, 3, 60)).toBeNull();
    expect(placementRefusal(57, 3, 60)).toBeNull();
    expect(placementRefusal(57, 3 + END_TOLERANCE_S, 60)).toBeNull();
    expect(placementRefusal(0, MAX_LAYER_SECONDS, 4000)).toBeNull();
  });
  it('refuses one too long, one starting after the end and one running past it', () => {
    expect(placementRefusal(0, MAX_LAYER_SECONDS + 0.01, 10_000)).toBe(M.tooLong);
    expect(placementRefusal(0, 7201, 7200)).toBe(M.tooLong);
    expect(placementRefusal(60, 1, 60)).toBe(M.startsAfterEnd);
    expect(placementRefusal(86_400, 1, 60)).toBe(M.startsAfterEnd);
    expect(placementRefusal(58, 2.6, 60)).toBe(M.endsAfterEnd);
    expect(placementRefusal(0, 1, 0)).toBe(M.startsAfterEnd);
  });
});

describe('parseUploadFields', () => {
  it('reads start_index as seconds and the timestamp as a moment', () => {
    expect(
      parseUploadFields({ start_index: '12.5', timestamp: '2026-03-01T10:00:00.000Z' }),
    ).toEqual({
      ok: true,
      value: { startS: 12.5, recordedAt: new Date('2026-03-01T10:00:00.000Z') },
    });
    expect(parseUploadFields({ start_index: '0' })).toEqual({
      ok: true,
      value: { startS: 0, recordedAt: null },
    });
  });
  it('names the field that is missing, empty, negative, absurd or not a number', () => {
    for (const start of [undefined, '', '  ', '-1', '1e12', 'NaN', 'Infinity', 'ten']) {
      const verdict = parseUploadFields(start === undefined ? {} : { start_index: start });
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.message).toMatch(/^body\.start_index: /);
    }
  });
  it('refuses a timestamp that is not a date, too long, or beyond the year 9999', () => {
    for (const timestamp of ['yesterday', '2026-13-45', '+275760-09-13T00:00:00.000Z']) {
      expect(parseUploadFields({ start_index: '1', timestamp })).toEqual({
        ok: false,
        message: M.badTimestamp,
      });
    }
    const long = parseUploadFields({ start_index: '1', timestamp: '2'.repeat(41) });
    expect(long.ok || long.message).toMatch(/^body\.timestamp: /);
  });
});

describe('newLayerFolder', () => {
  it('puts every layer of a video under its folder, each in a fresh one', () => {
    const a = newLayerFolder(12);
    expect(a).toMatch(/^voiceovers\/12\/[0-9a-f]{16}$/);
    expect(newLayerFolder(12)).not.toBe(a);
  });
});
