ALTER TABLE "users" ADD COLUMN "ride_mode" text DEFAULT 'reactive' NOT NULL;--> statement-breakpoint
ALTER TABLE "track_points" ADD COLUMN "video_time" double precision;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "ride_mode" text DEFAULT 'steady' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "difficulty" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ride_mode_check" CHECK ("users"."ride_mode" in ('steady', 'reactive'));--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_ride_mode_check" CHECK ("tracks"."ride_mode" in ('steady', 'reactive'));--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_difficulty_check" CHECK ("tracks"."difficulty" between 0 and 200);--> statement-breakpoint
-- Hand-written (drizzle cannot express it): only a steady ride at 100 % difficulty joins its
-- video's history (gets a history_seq and counts in race_history_versions), so the standings,
-- their caches and every history read, which take rides by history_seq, never see a reactive
-- ride (its seconds are the ride's, not the video's) or one at another difficulty (saved, not
-- ranked). Their points keep race_id null (tracks/lifecycle.ts), so the covering
-- track_points_history_idx skips them too (docs/ride.md, "Reactive rides").
CREATE OR REPLACE FUNCTION tracks_history_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A ride in its video's history leaves it (deleted, or no longer saved): one more removal.
  IF TG_OP <> 'INSERT' AND OLD.status = 'saved' AND OLD.race_id IS NOT NULL
     AND OLD.history_seq IS NOT NULL AND (
       TG_OP = 'DELETE' OR NEW.status <> 'saved' OR NEW.race_id IS DISTINCT FROM OLD.race_id) THEN
    UPDATE race_history_versions SET removed = removed + 1 WHERE race_id = OLD.race_id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  -- A ranked ride joins its video's history: the next count is its place. The version row stays
  -- locked until the save commits, so saves of one video commit in the order of their places.
  IF NEW.status = 'saved' AND NEW.race_id IS NOT NULL
     AND NEW.ride_mode = 'steady' AND NEW.difficulty = 100 AND (
       TG_OP = 'INSERT' OR OLD.status <> 'saved' OR NEW.race_id IS DISTINCT FROM OLD.race_id) THEN
    INSERT INTO race_history_versions (race_id, saved) VALUES (NEW.race_id, 1)
      ON CONFLICT (race_id) DO UPDATE SET saved = race_history_versions.saved + 1
      RETURNING saved INTO NEW.history_seq;
  END IF;
  RETURN NEW;
END $$;
