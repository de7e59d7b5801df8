import { describe, expect, it } from 'vitest';
import {
  decodeControlPointResponse,
  encodeIndoorBikeSimulation,
  encodeRequestControl,
  encodeReset,
  encodeSetTargetPower,
  encodeStartOrResume,
  encodeStopOrPause,
} from './control-point.js';

const bytes = (u: Uint8Array): number[] => Array.from(u);

describe('FTMS control point encoders', () => {
  it('writes the parameterless op codes', () => {
    expect(bytes(encodeRequestControl())).toEqual([0x00]);
    expect(bytes(encodeReset())).toEqual([0x01]);
    expect(bytes(encodeStartOrResume())).toEqual([0x07]);
  });

  it('writes Stop (0x01) and Pause (0x02)', () => {
    expect(bytes(encodeStopOrPause('stop'))).toEqual([0x08, 0x01]);
    expect(bytes(encodeStopOrPause('pause'))).toEqual([0x08, 0x02]);
  });

  it('writes Set Target Power as sint16 watts, rounded and clamped', () => {
    expect(bytes(encodeSetTargetPower(250))).toEqual([0x05, 0xfa, 0x00]);
    expect(bytes(encodeSetTargetPower(1000.6))).toEqual([0x05, 0xe9, 0x03]);
    expect(bytes(encodeSetTargetPower(-5))).toEqual([0x05, 0xfb, 0xff]);
    expect(bytes(encodeSetTargetPower(1e9))).toEqual([0x05, 0xff, 0x7f]);
    expect(bytes(encodeSetTargetPower(-1e9))).toEqual([0x05, 0x00, 0x80]);
  });

  it('writes the simulation parameters at their resolutions', () => {
    // wind 1.5 m/s = 1500 (0x05DC); grade 5.25 % = 525 (0x020D); Crr 0.004 = 40; Cw 0.51 = 51.
    const frame = encodeIndoorBikeSimulation({
      windSpeedMps: 1.5,
      gradePercent: 5.25,
      crr: 0.004,
      windResistanceKgPerM: 0.51,
    });
    expect(bytes(frame)).toEqual([0x11, 0xdc, 0x05, 0x0d, 0x02, 40, 51]);
  });

  it('uses defaults for omitted simulation fields and encodes descents as negative', () => {
    // -3.456 % rounds to -346 = 0xFEA6.
    expect(bytes(encodeIndoorBikeSimulation({ gradePercent: -3.456 }))).toEqual([
      0x11, 0x00, 0x00, 0xa6, 0xfe, 40, 51,
    ]);
  });

  it('clamps every simulation field to its range', () => {
    const high = encodeIndoorBikeSimulation({
      windSpeedMps: 100,
      gradePercent: 500,
      crr: 1,
      windResistanceKgPerM: 10,
    });
    expect(bytes(high)).toEqual([0x11, 0xff, 0x7f, 0xff, 0x7f, 0xff, 0xff]);
    const low = encodeIndoorBikeSimulation({
      windSpeedMps: -100,
      gradePercent: -500,
      crr: -1,
      windResistanceKgPerM: -1,
    });
    expect(bytes(low)).toEqual([0x11, 0x00, 0x80, 0x00, 0x80, 0x00, 0x00]);
  });
});

describe('FTMS control point responses', () => {
  it.each([
    [0x01, 'success'],
    [0x02, 'op_code_not_supported'],
    [0x03, 'invalid_parameter'],
    [0x04, 'operation_failed'],
    [0x05, 'control_not_permitted'],
  ])('decodes result code %i as %s', (code, result) => {
    const decoded = decodeControlPointResponse(Uint8Array.of(0x80, 0x11, code));
    expect(decoded).toEqual({
      ok: true,
      value: { requestOpCode: 0x11, result, resultCode: code, parameter: new Uint8Array(0) },
    });
  });

  it('keeps response parameter bytes', () => {
    const decoded = decodeControlPointResponse(Uint8Array.of(0x80, 0x13, 0x01, 0x10, 0x27));
    expect(decoded.ok && Array.from(decoded.value.parameter)).toEqual([0x10, 0x27]);
  });

  it('rejects short, foreign and reserved responses with a typed error', () => {
    const code = (frame: Uint8Array): string | null => {
      const r = decodeControlPointResponse(frame);
      return r.ok ? null : r.error.code;
    };
    expect(code(new Uint8Array(0))).toBe('too_short');
    expect(code(Uint8Array.of(0x80, 0x00))).toBe('too_short');
    expect(code(Uint8Array.of(0x05, 0x00, 0x01))).toBe('malformed');
    expect(code(Uint8Array.of(0x80, 0x00, 0x00))).toBe('unsupported');
    expect(code(Uint8Array.of(0x80, 0x00, 0x06))).toBe('unsupported');
  });
});
