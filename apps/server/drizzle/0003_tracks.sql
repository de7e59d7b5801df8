CREATE TYPE "public"."track_status" AS ENUM('recording', 'saved');--> statement-breakpoint
CREATE TABLE "track_points" (
	"track_id" integer NOT NULL,
	"race_id" integer,
	"elapsed_time" integer NOT NULL,
	"accumulated_power" double precision NOT NULL,
	"power" double precision NOT NULL,
	"heart_rate" double precision NOT NULL,
	"cadence" double precision NOT NULL,
	"distance" double precision NOT NULL,
	"speed" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"raw_data" jsonb,
	CONSTRAINT "track_points_track_id_elapsed_time_pk" PRIMARY KEY("track_id","elapsed_time")
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"race_id" integer,
	"race_url" text NOT NULL,
	"title" text NOT NULL,
	"client_ride_id" text NOT NULL,
	"status" "track_status" DEFAULT 'recording' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_distance" double precision DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"accumulated_power" double precision DEFAULT 0 NOT NULL,
	"last_elapsed_time" integer,
	"uploaded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_stats_buckets" (
	"user_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"rides" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"distance" double precision DEFAULT 0 NOT NULL,
	"accumulated_power" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "user_stats_buckets_user_id_bucket_pk" PRIMARY KEY("user_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "track_points" ADD CONSTRAINT "track_points_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_points" ADD CONSTRAINT "track_points_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats_buckets" ADD CONSTRAINT "user_stats_buckets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-edited: covering, so the history leaderboard reads one index range without the table.
CREATE INDEX "track_points_history_idx" ON "track_points" USING btree ("race_id","elapsed_time") INCLUDE ("track_id","accumulated_power","power","heart_rate","cadence","distance") WHERE "track_points"."race_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_client_ride_idx" ON "tracks" USING btree ("user_id","client_ride_id");--> statement-breakpoint
CREATE INDEX "tracks_user_saved_idx" ON "tracks" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tracks"."status" = 'saved';--> statement-breakpoint
CREATE INDEX "tracks_race_saved_idx" ON "tracks" USING btree ("race_id","last_elapsed_time") WHERE "tracks"."status" = 'saved';