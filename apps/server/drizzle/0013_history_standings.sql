CREATE TABLE "race_standing_levels" (
	"race_id" integer NOT NULL,
	"level" integer NOT NULL,
	"build" integer NOT NULL,
	"rides" integer NOT NULL,
	CONSTRAINT "race_standing_levels_race_id_level_pk" PRIMARY KEY("race_id","level")
);
--> statement-breakpoint
CREATE TABLE "race_standing_marks" (
	"race_id" integer NOT NULL,
	"build" integer NOT NULL,
	"second" integer NOT NULL,
	"position" integer NOT NULL,
	"sum" double precision NOT NULL,
	"track_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_standings" (
	"race_id" integer NOT NULL,
	"build" integer NOT NULL,
	"second" integer NOT NULL,
	"sum" double precision NOT NULL,
	"track_id" integer NOT NULL,
	CONSTRAINT "race_standings_track_id_second_build_pk" PRIMARY KEY("track_id","second","build")
);
--> statement-breakpoint
CREATE TABLE "race_standings_removed" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_standings_state" (
	"race_id" integer PRIMARY KEY NOT NULL,
	"built_seq" integer DEFAULT 0 NOT NULL,
	"horizon" integer DEFAULT -1 NOT NULL,
	"retired" integer[] DEFAULT '{}'::int[] NOT NULL,
	"building" integer DEFAULT 0 NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "race_standing_levels" ADD CONSTRAINT "race_standing_levels_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_standing_marks" ADD CONSTRAINT "race_standing_marks_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_standings" ADD CONSTRAINT "race_standings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_standings_state" ADD CONSTRAINT "race_standings_state_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_standing_marks_idx" ON "race_standing_marks" USING btree ("race_id","build","second","sum","track_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "race_standings_level_idx" ON "race_standings" USING btree ("race_id","build","second","sum" DESC NULLS LAST,"track_id");--> statement-breakpoint
CREATE INDEX "race_standings_order_idx" ON "race_standings" USING btree ("race_id","second","sum" DESC NULLS LAST,"track_id","build");--> statement-breakpoint
CREATE INDEX "race_standings_removed_race_idx" ON "race_standings_removed" USING btree ("race_id","track_id");--> statement-breakpoint
-- Hand-written (drizzle cannot express it): a saved ride leaving its video's history, by any
-- code path (a deleted ride or member, a status change), is recorded for the standings: answers
-- subtract it until the next build leaves it out (docs/ride.md, "History leaderboard"). A
-- deleted video takes its standings with it (cascade), so a race_id set null is not recorded.
CREATE FUNCTION tracks_standings_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'saved' AND OLD.race_id IS NOT NULL AND OLD.history_seq IS NOT NULL AND (
       TG_OP = 'DELETE' OR NEW.status <> 'saved'
       OR (NEW.race_id IS NOT NULL AND NEW.race_id <> OLD.race_id)) THEN
    INSERT INTO race_standings_removed (race_id, track_id, seq)
      VALUES (OLD.race_id, OLD.id, OLD.history_seq);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tracks_standings_removed AFTER DELETE OR UPDATE OF status, race_id ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_standings_removed();
