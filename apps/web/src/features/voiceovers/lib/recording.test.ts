import { describe, expect, it } from 'vitest';
import { MAX_LAYER_SECONDS } from '@ridealong/contracts';
import {
  microphoneProblem,
  pickRecordingMimeType,
  recordBlock,
  recordingRoom,
  timeAfterRecording,
  unsavedLayerFrom,
  type Recording,
} from './recording';

const take = (fields: Partial<Recording> = {}): Recording => ({
  blob: new Blob(['opus'], { type: 'audio/webm' }),
  startIndex: 12,
  seconds: 2.5,
  timestamp: '2025-11-01T10:00:00.000Z',
  ...fields,
});

describe('pickRecordingMimeType', () => {
  it('prefers Opus in WebM, then falls back', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType((t) => t === 'audio/webm')).toBe('audio/webm');
    expect(pickRecordingMimeType(() => false)).toBeUndefined();
  });
});

describe('microphoneProblem', () => {
  it('tells a denied permission from a missing or busy device', () => {
    const err = (name: string) => new DOMException('x', name);
    expect(microphoneProblem(err('NotAllowedError'))).toMatch(/denied/);
    expect(microphoneProblem(err('NotFoundError'))).toMatch(/No microphone/);
    expect(microphoneProblem(err('NotReadableError'))).toMatch(/in use/);
    expect(microphoneProblem(new TypeError('no mediaDevices'))).toMatch(/could not start/);
    expect(microphoneProblem('weird')).toMatch(/could not start/);
  });
});

describe('unsavedLayerFrom', () => {
  it('places the take on the video clock as an UNSAVED layer', () => {
    expect(unsavedLayerFrom(take(), 60, 'k1')).toEqual({
      key: 'k1',
      type: 'UNSAVED',
      blob: expect.any(Blob),
      start_index: 12,
      end_index: 14.5,
      duration: 2.5,
      timestamp: '2025-11-01T10:00:00.000Z',
    });
  });

  it("ends the layer at the video's end", () => {
    expect(unsavedLayerFrom(take({ startIndex: 58.5, seconds: 3 }), 60, 'k')?.end_index).toBe(60);
  });

  it('keeps the end when the video duration is unknown', () => {
    expect(unsavedLayerFrom(take(), Number.NaN, 'k')?.end_index).toBe(14.5);
  });

  it('drops empty, silent-file and over-long takes', () => {
    expect(unsavedLayerFrom(take({ seconds: 0 }), 60, 'k')).toBeNull();
    expect(unsavedLayerFrom(take({ blob: new Blob([]) }), 60, 'k')).toBeNull();
    expect(unsavedLayerFrom(take({ startIndex: 60 }), 60, 'k')).toBeNull();
    expect(
      unsavedLayerFrom(take({ startIndex: 0, seconds: MAX_LAYER_SECONDS + 1 }), 0, 'k'),
    ).toBeNull();
  });
});

describe('timeAfterRecording', () => {
  it("skips 1 s past the take's end, within the video", () => {
    expect(timeAfterRecording(14.5, 60)).toBe(15.5);
    expect(timeAfterRecording(59.5, 60)).toBe(60);
    expect(timeAfterRecording(10, Number.NaN)).toBe(11);
  });
});

describe('recordBlock and recordingRoom', () => {
  const layers = [
    { start_index: 10, end_index: 20 },
    { start_index: 30, end_index: 35 },
  ];

  it('blocks recording inside a layer, saved or unsaved alike', () => {
    expect(recordBlock(layers, 15, 60)).toBe('overlap');
    expect(recordBlock(layers, 30, 60)).toBe('overlap');
    expect(recordBlock([{ start_index: 40, end_index: 41 }], 40.5, 60)).toBe('overlap');
  });

  it('blocks recording right before the next layer or at the end', () => {
    expect(recordBlock(layers, 29.8, 60)).toBe('overlap');
    expect(recordBlock(layers, 59.9, 60)).toBe('end');
    expect(recordBlock(layers, 60, 60)).toBe('end');
  });

  it('allows recording with room before the next layer', () => {
    expect(recordBlock(layers, 0, 60)).toBeNull();
    expect(recordBlock(layers, 21, 60)).toBeNull();
    expect(recordBlock(layers, 40, Number.NaN)).toBeNull();
  });

  it('measures the room up to the next layer or the end', () => {
    expect(recordingRoom(layers, 0, 60)).toBe(10);
    expect(recordingRoom(layers, 36, 60)).toBe(24);
    expect(recordingRoom(layers, 36, Number.NaN)).toBe(Infinity);
  });
});
