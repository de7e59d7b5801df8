CREATE TABLE "race_history_versions" (
	"race_id" integer PRIMARY KEY NOT NULL,
	"saved" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "history_seq" integer;--> statement-breakpoint
ALTER TABLE "race_history_versions" ADD CONSTRAINT "race_history_versions_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracks_race_history_idx" ON "tracks" USING btree ("race_id","history_seq") WHERE "tracks"."status" = 'saved';--> statement-breakpoint
-- Hand-written (drizzle cannot express it): the saved rides so far get their places, then
-- triggers keep every video's history version as rides are saved and deleted, whichever code
-- path does it (docs/ride.md, "History leaderboard").
INSERT INTO "race_history_versions" ("race_id", "saved")
  SELECT "race_id", count(*) FROM "tracks"
  WHERE "status" = 'saved' AND "race_id" IS NOT NULL GROUP BY "race_id";--> statement-breakpoint
UPDATE "tracks" SET "history_seq" = s.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "race_id" ORDER BY "id") AS n
        FROM "tracks" WHERE "status" = 'saved' AND "race_id" IS NOT NULL) s
  WHERE "tracks"."id" = s."id";--> statement-breakpoint
CREATE FUNCTION tracks_history_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A saved ride leaves its video's history (deleted, or no longer saved): one more removal.
  IF TG_OP <> 'INSERT' AND OLD.status = 'saved' AND OLD.race_id IS NOT NULL AND (
       TG_OP = 'DELETE' OR NEW.status <> 'saved' OR NEW.race_id IS DISTINCT FROM OLD.race_id) THEN
    UPDATE race_history_versions SET removed = removed + 1 WHERE race_id = OLD.race_id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  -- A ride joins its video's history: the next count is its place. The version row stays
  -- locked until the save commits, so saves of one video commit in the order of their places.
  IF NEW.status = 'saved' AND NEW.race_id IS NOT NULL AND (
       TG_OP = 'INSERT' OR OLD.status <> 'saved' OR NEW.race_id IS DISTINCT FROM OLD.race_id) THEN
    INSERT INTO race_history_versions (race_id, saved) VALUES (NEW.race_id, 1)
      ON CONFLICT (race_id) DO UPDATE SET saved = race_history_versions.saved + 1
      RETURNING saved INTO NEW.history_seq;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tracks_history_version_save BEFORE INSERT OR UPDATE OF status, race_id ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_history_version();--> statement-breakpoint
CREATE TRIGGER tracks_history_version_delete AFTER DELETE ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_history_version();
