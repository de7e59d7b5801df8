import type { ZodError } from 'zod';

/** A refused ride request whose message is shown to the rider as is. */
export class RideError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RideError';
  }
}

/** `points.0.power: Too big: expected number to be <=4000` — names the field like the REST API. */
export function zodMessage(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`)
    .join('; ');
}

/** history-leaderboard asked for a reactive ride (issue 26). */
export const REACTIVE_NO_STANDINGS =
  'Reactive rides have no steady standings: their ghosts ride by distance.';
