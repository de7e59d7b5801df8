import { useEffect, useMemo, useRef, useState } from 'react';
import { WAVEFORM_HEIGHT_PX } from '@ridealong/contracts';
import { parsePeaks, waveformColumns } from '../lib/waveform';

/**
 * A saved layer's waveform on a <canvas> 70 px high (document 001 section 9), drawn from its
 * audiowaveform peaks across the width it is given, again when that width changes. The
 * colour is the canvas's CSS colour, so it follows the theme.
 */
export function Waveform({ peaksData, label }: { peaksData: string | null; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const peaks = useMemo(() => parsePeaks(peaksData), [peaksData]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => setWidth(Math.floor(canvas.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // A hidden tab measures 0 wide; it draws once it is shown.
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !peaks || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(WAVEFORM_HEIGHT_PX * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, WAVEFORM_HEIGHT_PX);
    ctx.fillStyle = getComputedStyle(canvas).color;
    const mid = WAVEFORM_HEIGHT_PX / 2;
    waveformColumns(peaks, width).forEach(({ min, max }, x) => {
      const top = mid - max * mid;
      // At least a hairline, so silence still shows where the layer is.
      ctx.fillRect(x, top, 1, Math.max(1, (max - min) * mid));
    });
  }, [peaks, width]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="voiceover-waveform"
      data-peaks={peaks ? peaks.length : 0}
      height={WAVEFORM_HEIGHT_PX}
      style={{
        display: 'block',
        width: '100%',
        height: WAVEFORM_HEIGHT_PX,
        color: 'var(--mantine-color-blue-filled)',
      }}
    />
  );
}
