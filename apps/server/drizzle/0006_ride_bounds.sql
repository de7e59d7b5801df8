ALTER TYPE "public"."track_status" ADD VALUE 'saving' BEFORE 'saved';--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "duration_reported_at" timestamp with time zone;