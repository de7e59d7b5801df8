ALTER TABLE "tracks" ADD COLUMN "reactive_distance" double precision;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "reactive_seconds" integer;--> statement-breakpoint
CREATE INDEX "tracks_reactive_rank_idx" ON "tracks" USING btree ("race_id","reactive_distance" DESC NULLS LAST,"reactive_seconds","id") WHERE "tracks"."ride_mode" = 'reactive' and "tracks"."difficulty" = 100 and "tracks"."status" = 'saved' and "tracks"."reactive_distance" is not null;--> statement-breakpoint
-- Hand-written: reactive rides at 100 % saved before this migration get their rank values as
-- saving sets them now (tracks/reactive-rank.ts): metres to 0.1, at most the route's distance,
-- and the first ride second that reached them.
UPDATE "tracks" t SET "reactive_distance" = r.reached, "reactive_seconds" = coalesce((
    SELECT min(p."elapsed_time") FROM "track_points" p
    WHERE p."track_id" = t."id" AND p."distance" >= r.reached - 0.05), t."last_elapsed_time", 0)
  FROM (
    SELECT t2."id", round(greatest(0, least(t2."total_distance", coalesce((
        SELECT s."distance" FROM "race_slope_points" s WHERE s."race_id" = t2."race_id"
        ORDER BY s."second" DESC LIMIT 1), t2."total_distance")))::numeric, 1)::float8 AS reached
    FROM "tracks" t2
    WHERE t2."ride_mode" = 'reactive' AND t2."difficulty" = 100 AND t2."status" = 'saved'
      AND t2."race_id" IS NOT NULL
  ) r
  WHERE t."id" = r."id";
