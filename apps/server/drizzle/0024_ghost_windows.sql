CREATE TABLE "ghost_windows" (
	"track_id" integer NOT NULL,
	"window_index" integer NOT NULL,
	"seconds" smallint[] NOT NULL,
	"distance" real[] NOT NULL,
	"power" smallint[] NOT NULL,
	CONSTRAINT "ghost_windows_track_id_window_index_pk" PRIMARY KEY("track_id","window_index")
);
--> statement-breakpoint
ALTER TABLE "ghost_windows" ADD CONSTRAINT "ghost_windows_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: rides ranked before this migration get their ghost windows as saving writes
-- them now (tracks/ghost-windows.ts).
INSERT INTO "ghost_windows" ("track_id", "window_index", "seconds", "distance", "power")
  SELECT p."track_id", p."elapsed_time" / 120,
         array_agg((p."elapsed_time" % 120)::smallint ORDER BY p."elapsed_time"),
         array_agg(p."distance"::real ORDER BY p."elapsed_time"),
         array_agg(least(32767, greatest(0, round(p."power")))::smallint ORDER BY p."elapsed_time")
    FROM "track_points" p
    JOIN "tracks" t ON t."id" = p."track_id"
   WHERE t."reactive_distance" IS NOT NULL AND p."elapsed_time" >= 0
   GROUP BY p."track_id", p."elapsed_time" / 120;
