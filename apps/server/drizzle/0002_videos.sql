CREATE TYPE "public"."job_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."video_state" AS ENUM('uploading', 'uploaded', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" "job_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"position" integer NOT NULL,
	"original_name" text NOT NULL,
	"storage_key" text,
	"upload_id" text,
	"size" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_slope_points" (
	"race_id" integer NOT NULL,
	"second" integer NOT NULL,
	"distance" double precision NOT NULL,
	"elevation" double precision NOT NULL,
	"speed" double precision NOT NULL,
	"slope" double precision NOT NULL,
	CONSTRAINT "race_slope_points_race_id_second_pk" PRIMARY KEY("race_id","second")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"channel_visible" boolean DEFAULT true NOT NULL,
	"search_visible" boolean DEFAULT true NOT NULL,
	"slope_source_id" integer DEFAULT 0 NOT NULL,
	"gpx_upload_filename" text,
	"mute_video_audio" boolean DEFAULT false NOT NULL,
	"mute_overlay_audio" boolean DEFAULT false NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"content_type" text DEFAULT 'video/mp4' NOT NULL,
	"status" "video_state" DEFAULT 'uploading' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"start_offset" double precision DEFAULT 0 NOT NULL,
	"end_offset" double precision DEFAULT 0 NOT NULL,
	"media_key" text,
	"renditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"poster_file" text,
	"exclusive" boolean DEFAULT false NOT NULL,
	"sampler_month" text,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "race_files" ADD CONSTRAINT "race_files_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_slope_points" ADD CONSTRAINT "race_slope_points_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "race_files_position_idx" ON "race_files" USING btree ("race_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "races_url_idx" ON "races" USING btree ("url");--> statement-breakpoint
CREATE INDEX "races_user_idx" ON "races" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "races_listed_idx" ON "races" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "races"."status" = 'ready' and "races"."search_visible" and "races"."url" <> 'demo-video';--> statement-breakpoint
CREATE INDEX "races_duration_idx" ON "races" USING btree ("duration");--> statement-breakpoint
CREATE INDEX "races_search_idx" ON "races" USING gin ("search_vector");--> statement-breakpoint
-- Full-text search over title, channel title and description, kept by the database itself so
-- every writer (uploads, edits, channel renames, the seed) leaves it right.
CREATE FUNCTION races_search_vector(r_title text, r_description text, r_user_id integer) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(r_title, '')), 'A')
      || setweight(to_tsvector('english', coalesce((SELECT channel_title FROM users WHERE id = r_user_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce(r_description, '')), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION races_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := races_search_vector(NEW.title, NEW.description, NEW.user_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER races_search_vector_update BEFORE INSERT OR UPDATE OF title, description, user_id ON races
FOR EACH ROW EXECUTE FUNCTION races_search_vector_trigger();--> statement-breakpoint
CREATE FUNCTION users_channel_title_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE races SET search_vector = races_search_vector(title, description, user_id) WHERE user_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_channel_title_update AFTER UPDATE OF channel_title ON users
FOR EACH ROW WHEN (OLD.channel_title IS DISTINCT FROM NEW.channel_title)
EXECUTE FUNCTION users_channel_title_trigger();
