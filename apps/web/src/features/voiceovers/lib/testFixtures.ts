import { vi } from 'vitest';
import { overlayLayerSchema, type OverlayLayer } from '@ridealong/contracts';

/** Tests only: stand-ins for the API, the player and the microphone of the Voiceover tab. */

export function fixtureLayer(id: number, fields: Partial<OverlayLayer> = {}): OverlayLayer {
  return overlayLayerSchema.parse({
    id,
    url: `/media/voiceovers/${id}.m4a`,
    owner_id: 7,
    race_id: 1,
    start_index: 10,
    end_index: 14,
    duration: 4,
    timestamp: '2025-11-01T10:00:00.000Z',
    peaks_data: JSON.stringify({
      version: 2,
      channels: 1,
      sample_rate: 48000,
      samples_per_pixel: 128,
      bits: 8,
      length: 3,
      data: [-20, 30, -127, 127, -5, 5],
    }),
    type: 'SAVED',
    status: 'ready',
    ...fields,
  });
}

export type ServedCall = { path: string; method: string; body: unknown; form: FormData | null };
export type Served = { status?: number; json: unknown };

/** `fetch` answered by `answer`, multipart bodies kept as their FormData. */
export function serveApi(answer: (call: ServedCall) => Served): { calls: ServedCall[] } {
  const calls: ServedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const form = init?.body instanceof FormData ? init.body : null;
      const body: unknown = form || !init?.body ? null : JSON.parse(String(init.body));
      const call = {
        path: url.pathname.replace('/api/v1', ''),
        method: init?.method ?? 'GET',
        body,
        form,
      };
      calls.push(call);
      const { status = 200, json } = answer(call);
      return new Response(JSON.stringify(json), { status });
    }),
  );
  return { calls };
}

/**
 * A <video> whose clock the test sets: seeking, play and pause change its state and fire the
 * element's events, as a browser's would (jsdom's media element does not play). `advance`
 * moves the clock on as playing would, without a seek.
 */
export function fakeVideo(duration = 60): {
  video: HTMLVideoElement;
  advance: (s: number) => void;
} {
  const video = document.createElement('video');
  let time = 0;
  let paused = true;
  const fire = (...names: string[]) => names.forEach((n) => video.dispatchEvent(new Event(n)));
  Object.defineProperties(video, {
    duration: { get: () => duration },
    paused: { get: () => paused },
    currentTime: {
      get: () => time,
      set: (t: number) => {
        time = t;
        fire('seeking', 'seeked', 'timeupdate');
      },
    },
    play: {
      value: vi.fn(async () => {
        paused = false;
        fire('play');
      }),
    },
    pause: {
      value: vi.fn(() => {
        if (paused) return;
        paused = true;
        fire('pause');
      }),
    },
  });
  const advance = (s: number) => {
    time += s;
    fire('timeupdate');
  };
  return { video, advance };
}

/** A MediaRecorder that hands over one chunk of "audio" when stopped. */
export class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob(['opus-audio'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

/** Installs a microphone: `getUserMedia` resolves with one track, or rejects with `failure`. */
export function fakeMicrophone(failure?: DOMException) {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (failure) throw failure;
    return { getTracks: () => [track] };
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  return { getUserMedia, track };
}
