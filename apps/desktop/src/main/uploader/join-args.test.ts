import { describe, expect, it } from 'vitest';
import { planEncode } from './encode-plan.js';
import { joinArgs, telemetryListFile, telemetryPartArgs } from './join-args.js';

const encode = planEncode({ durationS: 16, width: 848, height: 480, fps: 29.97 });
const plan = {
  segments: [
    { index: 0, startS: 2.002, durationS: 8.515 },
    { index: 1, startS: 0, durationS: 7.5 },
  ],
  durationS: 16.015,
  telemetry: true,
};
const inputs = [
  { path: '/v/a.MP4', hasAudio: true, gpmdStream: 3 },
  { path: '/v/b.MP4', hasAudio: false, gpmdStream: 3 },
];

describe('join arguments', () => {
  it('cuts a segment’s telemetry by stream copy into a data-only file', () => {
    expect(telemetryPartArgs(inputs[0]!, plan.segments[0]!, '/t/p0.mov')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-ss',
      '2.002',
      '-t',
      '8.515',
      '-i',
      '/v/a.MP4',
      '-map',
      '0:3',
      '-c',
      'copy',
      '-f',
      'mov',
      '/t/p0.mov',
    ]);
    expect(() =>
      telemetryPartArgs({ ...inputs[0]!, gpmdStream: null }, plan.segments[0]!, 'x'),
    ).toThrow();
  });

  it('lists the parts with their exact durations, quoting paths', () => {
    expect(telemetryListFile([{ path: "/t/it's.mov", durationS: 8.5151 }])).toBe(
      "file '/t/it'\\''s.mov'\nduration 8.515\n",
    );
  });

  it('joins, compresses and maps the telemetry as a gpmd track after every other input', () => {
    const args = joinArgs({
      inputs,
      plan,
      encode,
      fpsRational: '30000/1001',
      telemetryList: '/t/list.txt',
      output: '/t/out.mp4',
    });
    const text = args.join(' ');
    // a.MP4 from 2.002 s, b.MP4 and the silence it needs, then the telemetry list (input 3).
    expect(text).toContain('-ss 2.002 -t 8.515 -i /v/a.MP4 -t 7.500 -i /v/b.MP4');
    expect(text).toContain('-f concat -safe 0 -i /t/list.txt');
    expect(text).toContain('-map 3:0');
    expect(text).toContain(`-b:v ${encode.videoKbps}k`);
    expect(text).toContain('-c:d copy -tag:d gpmd');
    expect(args.at(-1)).toBe('/t/out.mp4');
  });

  it('has no telemetry input without a list', () => {
    const args = joinArgs({
      inputs,
      plan: { ...plan, telemetry: false },
      encode,
      fpsRational: '30/1',
      telemetryList: null,
      output: '/o.mp4',
    });
    expect(args).not.toContain('gpmd');
    expect(args.join(' ')).not.toContain('concat -safe');
  });
});
