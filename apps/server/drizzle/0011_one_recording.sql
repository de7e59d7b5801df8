ALTER TABLE "tracks" ADD COLUMN "stats_counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "tracks_open_user_idx" ON "tracks" USING btree ("user_id") WHERE "tracks"."status" <> 'saved';--> statement-breakpoint
CREATE INDEX "tracks_open_stale_idx" ON "tracks" USING btree ("updated_at") WHERE "tracks"."status" <> 'saved';