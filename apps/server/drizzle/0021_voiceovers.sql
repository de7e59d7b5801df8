CREATE TYPE "public"."overlay_layer_state" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "overlay_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"start_index" double precision NOT NULL,
	"end_index" double precision NOT NULL,
	"duration" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"peaks_data" text,
	"status" "overlay_layer_state" DEFAULT 'processing' NOT NULL,
	"audio_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overlay_layers" ADD CONSTRAINT "overlay_layers_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_layers" ADD CONSTRAINT "overlay_layers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overlay_layers_race_idx" ON "overlay_layers" USING btree ("race_id","start_index");