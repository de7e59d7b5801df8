CREATE TYPE "public"."challenge_type" AS ENUM('RACE_BASED', 'DISTANCE_BASED', 'POWER_BASED', 'TIME_BASED', 'UPLOAD_BASED', 'RIDE_BASED');--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"challenge_type" "challenge_type" NOT NULL,
	"goal" double precision,
	"video_subset" text[] DEFAULT '{}'::text[] NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_challenges" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_total" double precision DEFAULT 0 NOT NULL,
	"average_power" double precision DEFAULT 0 NOT NULL,
	"videos_watched" text[] DEFAULT '{}'::text[] NOT NULL,
	"completion_percent" double precision DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_challenges_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_ends_idx" ON "challenges" USING btree ("ends_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_featured_idx" ON "challenges" USING btree ("featured") WHERE "challenges"."featured";--> statement-breakpoint
CREATE INDEX "user_challenges_board_idx" ON "user_challenges" USING btree ("challenge_id","completion_percent" DESC NULLS LAST,"current_total" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "user_challenges_user_idx" ON "user_challenges" USING btree ("user_id","joined_at" DESC NULLS LAST);