CREATE TYPE "public"."strava_upload_state" AS ENUM('queued', 'uploading', 'uploaded', 'failed');--> statement-breakpoint
CREATE TABLE "strava_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"athlete_name" text,
	"scope" text DEFAULT '' NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"refresh_lease_until" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_rate_windows" (
	"name" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"limit" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_standin_grants" (
	"code" text PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"athlete_name" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strava_standin_tokens" (
	"access_token_hash" text PRIMARY KEY NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"athlete_id" text NOT NULL,
	"athlete_name" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strava_standin_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"athlete_name" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sport_type" text NOT NULL,
	"trainer" boolean DEFAULT false NOT NULL,
	"data_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"activity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_uploads" (
	"track_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" "strava_upload_state" DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"upload_id" text,
	"activity_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strava_accounts" ADD CONSTRAINT "strava_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_uploads" ADD CONSTRAINT "strava_uploads_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_uploads" ADD CONSTRAINT "strava_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strava_standin_tokens_refresh_idx" ON "strava_standin_tokens" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "strava_standin_uploads_external_idx" ON "strava_standin_uploads" USING btree ("athlete_id","external_id","id");--> statement-breakpoint
CREATE INDEX "strava_uploads_user_idx" ON "strava_uploads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "strava_authorization_code";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "strava_refresh_token";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "strava_access_token";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "strava_access_token_expires_at";