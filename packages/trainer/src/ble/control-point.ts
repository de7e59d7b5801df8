import { asDataView, ByteWriter, hex, type ByteInput } from '../codec/bytes.js';
import { fail, ok, type DecodeResult } from '../codec/result.js';
import { toRaw } from '../codec/scale.js';

/** Fitness Machine Control Point (0x2AD9) op codes this package writes or reads. */
export const FTMS_OP_CODE = {
  requestControl: 0x00,
  reset: 0x01,
  setTargetPower: 0x05,
  startOrResume: 0x07,
  stopOrPause: 0x08,
  setIndoorBikeSimulation: 0x11,
  responseCode: 0x80,
} as const;

const SINT16_MIN = -0x8000;
const SINT16_MAX = 0x7fff;

export function encodeRequestControl(): Uint8Array {
  return Uint8Array.of(FTMS_OP_CODE.requestControl);
}

export function encodeReset(): Uint8Array {
  return Uint8Array.of(FTMS_OP_CODE.reset);
}

export function encodeStartOrResume(): Uint8Array {
  return Uint8Array.of(FTMS_OP_CODE.startOrResume);
}

/** Stop or Pause: parameter 0x01 stops, 0x02 pauses. */
export function encodeStopOrPause(action: 'stop' | 'pause'): Uint8Array {
  return Uint8Array.of(FTMS_OP_CODE.stopOrPause, action === 'stop' ? 0x01 : 0x02);
}

/** Set Target Power: sint16 watts, rounded and clamped to the field. */
export function encodeSetTargetPower(watts: number): Uint8Array {
  return new ByteWriter()
    .u8(FTMS_OP_CODE.setTargetPower)
    .u16(toRaw(watts, 1, SINT16_MIN, SINT16_MAX))
    .toUint8Array();
}

export interface IndoorBikeSimulationParameters {
  gradePercent: number;
  /** Headwind positive, m/s. Default 0. */
  windSpeedMps?: number;
  /** Rolling resistance coefficient. Default 0.004 (road tyre on smooth tarmac). */
  crr?: number;
  /** Wind resistance coefficient Cw = 0.5 rho CdA, kg/m. Default 0.51 (rider on the hoods). */
  windResistanceKgPerM?: number;
}

export const DEFAULT_SIMULATION_CRR = 0.004;
export const DEFAULT_WIND_RESISTANCE_KG_PER_M = 0.51;

/**
 * Set Indoor Bike Simulation Parameters (0x11). All four fields are mandatory on the wire, so
 * omitted ones get the defaults above. Each value is rounded to its resolution and clamped to
 * its field: wind sint16 0.001 m/s, grade sint16 0.01 %, Crr uint8 0.0001, Cw uint8 0.01 kg/m.
 */
export function encodeIndoorBikeSimulation(params: IndoorBikeSimulationParameters): Uint8Array {
  return new ByteWriter()
    .u8(FTMS_OP_CODE.setIndoorBikeSimulation)
    .u16(toRaw(params.windSpeedMps ?? 0, 0.001, SINT16_MIN, SINT16_MAX))
    .u16(toRaw(params.gradePercent, 0.01, SINT16_MIN, SINT16_MAX))
    .u8(toRaw(params.crr ?? DEFAULT_SIMULATION_CRR, 0.0001, 0, 0xff))
    .u8(toRaw(params.windResistanceKgPerM ?? DEFAULT_WIND_RESISTANCE_KG_PER_M, 0.01, 0, 0xff))
    .toUint8Array();
}

export type ControlPointResult =
  | 'success'
  | 'op_code_not_supported'
  | 'invalid_parameter'
  | 'operation_failed'
  | 'control_not_permitted';

const RESULTS: Readonly<Record<number, ControlPointResult>> = {
  0x01: 'success',
  0x02: 'op_code_not_supported',
  0x03: 'invalid_parameter',
  0x04: 'operation_failed',
  0x05: 'control_not_permitted',
};

/** An indication on the control point answering one request. */
export interface ControlPointResponse {
  requestOpCode: number;
  result: ControlPointResult;
  resultCode: number;
  /** Response parameter bytes some op codes add (e.g. spin down); usually empty. */
  parameter: Uint8Array;
}

export function decodeControlPointResponse(input: ByteInput): DecodeResult<ControlPointResponse> {
  const view = asDataView(input);
  if (view.byteLength < 3) {
    return fail('too_short', `control point response needs 3 bytes, got ${view.byteLength}`);
  }
  const opCode = view.getUint8(0);
  if (opCode !== FTMS_OP_CODE.responseCode) {
    return fail('malformed', `control point response starts with ${hex(opCode)}, not 0x80`);
  }
  const requestOpCode = view.getUint8(1);
  const resultCode = view.getUint8(2);
  const result = RESULTS[resultCode];
  if (result === undefined) {
    return fail('unsupported', `control point result code ${hex(resultCode)} is reserved`);
  }
  const parameter = new Uint8Array(
    view.buffer.slice(view.byteOffset + 3, view.byteOffset + view.byteLength),
  );
  return ok({ requestOpCode, result, resultCode, parameter });
}
