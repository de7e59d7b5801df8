import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OverlayLayerState } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import {
  overlayLayers,
  races,
  type NewOverlayLayerRow,
  type OverlayLayerRow,
} from '../../db/schema.js';
import { overlaps, type Span } from './rules.js';

/** Layers that hold their stretch of the video: a failed one leaves it free to record again. */
const HOLDING: OverlayLayerState[] = ['processing', 'ready'];

export type AddedLayer =
  { ok: true; layer: OverlayLayerRow } | { ok: false; reason: 'video-gone' | 'overlaps' };

export function layersRepository(db: Db) {
  return {
    /** A video's layers in `states`, in the order they play. */
    ofVideo(raceId: number, states: readonly OverlayLayerState[]): Promise<OverlayLayerRow[]> {
      return db
        .select()
        .from(overlayLayers)
        .where(and(eq(overlayLayers.raceId, raceId), inArray(overlayLayers.status, [...states])))
        .orderBy(asc(overlayLayers.startIndex), asc(overlayLayers.id));
    },

    /** A layer with the owner of its video (who decides what happens to it). */
    async find(id: number): Promise<{ layer: OverlayLayerRow; videoOwnerId: number } | null> {
      const [row] = await db
        .select({ layer: overlayLayers, videoOwnerId: races.userId })
        .from(overlayLayers)
        .innerJoin(races, eq(races.id, overlayLayers.raceId))
        .where(eq(overlayLayers.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Adds a layer unless it overlaps one that holds its stretch. The video's row is locked
     * first, so two uploads to one video take turns and cannot both take the same seconds.
     * `alongside` runs in the transaction (the job and the stored file commit with the row).
     */
    add(
      values: NewOverlayLayerRow,
      alongside: (tx: Db, layer: OverlayLayerRow) => Promise<void>,
    ): Promise<AddedLayer> {
      return db.transaction(async (tx): Promise<AddedLayer> => {
        const [video] = await tx
          .select({ id: races.id })
          .from(races)
          .where(eq(races.id, values.raceId))
          .for('update');
        if (!video) return { ok: false, reason: 'video-gone' };
        const held = await tx
          .select({ start: overlayLayers.startIndex, end: overlayLayers.endIndex })
          .from(overlayLayers)
          .where(
            and(eq(overlayLayers.raceId, values.raceId), inArray(overlayLayers.status, HOLDING)),
          );
        const wanted: Span = { start: values.startIndex, end: values.endIndex };
        if (held.some((span) => overlaps(span, wanted))) return { ok: false, reason: 'overlaps' };
        const [layer] = await tx.insert(overlayLayers).values(values).returning();
        if (!layer) throw new Error('the layer was not stored');
        await alongside(tx, layer);
        return { ok: true, layer };
      });
    },

    /** Stores the peaks and makes a processing layer ready; false when it was deleted meanwhile. */
    async markReady(id: number, peaksData: string): Promise<boolean> {
      const rows = await db
        .update(overlayLayers)
        .set({ status: 'ready', peaksData })
        .where(and(eq(overlayLayers.id, id), eq(overlayLayers.status, 'processing')))
        .returning({ id: overlayLayers.id });
      return rows.length > 0;
    },

    async markFailed(id: number): Promise<void> {
      await db
        .update(overlayLayers)
        .set({ status: 'failed' })
        .where(and(eq(overlayLayers.id, id), eq(overlayLayers.status, 'processing')));
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db
        .delete(overlayLayers)
        .where(eq(overlayLayers.id, id))
        .returning({ id: overlayLayers.id });
      return rows.length > 0;
    },
  };
}

export type LayersRepository = ReturnType<typeof layersRepository>;
