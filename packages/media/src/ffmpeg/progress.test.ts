import { describe, expect, it } from 'vitest';
import { createProgressParser, progressPercent } from './progress.js';

const block = (us: string, state = 'continue') =>
  `frame=10\nout_time_us=${us}\nout_time_ms=${us}\nout_time=00:00:01.000000\nprogress=${state}\n`;

describe('ffmpeg -progress parsing', () => {
  it('reports out_time against the expected duration, whatever the chunking', () => {
    const p = createProgressParser(10);
    const text = block('2500000') + block('5000000');
    const reports = [...text].flatMap((ch) => p.push(ch));
    expect(reports).toEqual([25, 50]);
  });

  it('ends at exactly 100 and never goes backwards', () => {
    const p = createProgressParser(4);
    expect(p.push(block('3000000'))).toEqual([75]);
    expect(p.push(block('1000000'))).toEqual([75]);
    expect(p.push(block('N/A'))).toEqual([75]);
    expect(p.push(block('4100000', 'end'))).toEqual([100]);
  });

  it('stays below 100 until ffmpeg says it is done', () => {
    expect(progressPercent(12_000_000, 10)).toBe(99.9);
    expect(progressPercent(1_000_000, 0)).toBe(0);
  });
});
