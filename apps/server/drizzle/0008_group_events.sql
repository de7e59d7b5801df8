CREATE TYPE "public"."event_end_reason" AS ENUM('finished', 'canceled', 'abandoned');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('waiting-room', 'in-progress', 'complete');--> statement-breakpoint
CREATE TABLE "event_riders" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "event_riders_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_user_id" integer NOT NULL,
	"race_id" integer,
	"race_url" text NOT NULL,
	"title" text NOT NULL,
	"host_display_name" text NOT NULL,
	"status" "event_status" DEFAULT 'waiting-room' NOT NULL,
	"end_reason" "event_end_reason",
	"time_start" timestamp with time zone,
	"duration" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_riders" ADD CONSTRAINT "event_riders_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_riders" ADD CONSTRAINT "event_riders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_riders_one_event_idx" ON "event_riders" USING btree ("user_id") WHERE "event_riders"."left_at" is null;--> statement-breakpoint
CREATE INDEX "event_riders_event_idx" ON "event_riders" USING btree ("event_id") WHERE "event_riders"."left_at" is null;--> statement-breakpoint
CREATE INDEX "group_events_active_idx" ON "group_events" USING btree ("status","created_at" DESC NULLS LAST) WHERE "group_events"."status" <> 'complete';--> statement-breakpoint
CREATE INDEX "group_events_completed_idx" ON "group_events" USING btree ("completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "group_events"."status" = 'complete';--> statement-breakpoint
CREATE UNIQUE INDEX "group_events_open_host_idx" ON "group_events" USING btree ("host_user_id") WHERE "group_events"."status" <> 'complete';