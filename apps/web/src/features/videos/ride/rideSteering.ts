import type { ControlEntry } from '@ridealong/contracts';
import {
  controlAt,
  controlToSend,
  controlWindow,
  hasSlopeData,
  mergeControls,
  windowsToRequest,
  type TrainerControl,
} from './controlScheduler';
import type { RideSessionDeps } from './rideSnapshot';
import { unwrap } from './rideSocket';

/**
 * A ride's slope control: the road's windows asked for ahead of the video (control-request),
 * and the trainer sent the road just ahead of the picture. Nothing for a video without slope
 * data.
 */
export class SlopeSteering {
  private controls: ControlEntry[] = [];
  private readonly askedWindows = new Set<number>();
  private lastControl: TrainerControl | null = null;

  constructor(
    private readonly deps: Pick<RideSessionDeps, 'race' | 'transport' | 'sendControl'>,
    /** A failed request, for the rider (the window is asked again on a later tick). */
    private readonly fail: (error: unknown) => void,
  ) {}

  private get sloped(): boolean {
    return hasSlopeData(this.deps.race.slope_source_id);
  }

  /**
   * Asks for the windows ahead of `videoTime`, sends the trainer its next control, and returns
   * the slope at `videoTime` (null while unknown; undefined without slope data).
   */
  steer(videoTime: number): number | null | undefined {
    const { race, transport, sendControl } = this.deps;
    if (!this.sloped) return undefined;
    for (const index of windowsToRequest(videoTime, this.askedWindows, race.duration)) {
      this.askedWindows.add(index);
      transport
        .request('control-request', {
          ...controlWindow(index),
          slopeSourceId: race.slope_source_id,
          raceUrl: race.url,
        })
        .then((answer) => {
          this.controls = mergeControls(this.controls, unwrap(answer).controls);
        })
        .catch((e: unknown) => {
          this.askedWindows.delete(index); // asked again on a later tick
          this.fail(e);
        });
    }
    const next = controlToSend(this.controls, videoTime, this.lastControl);
    if (next) {
      this.lastControl = next;
      sendControl(next);
    }
    return controlAt(this.controls, videoTime)?.slope ?? null;
  }

  /** The road's entry at a second of video, for its grade; null without slope data. */
  roadAt(second: number): ControlEntry | null {
    return this.sloped ? controlAt(this.controls, second) : null;
  }
}
