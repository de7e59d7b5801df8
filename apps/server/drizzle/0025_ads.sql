CREATE TABLE "ad_daily_counts" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_counts_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_daily_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_daily_viewers" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"viewer_hash" "bytea" NOT NULL,
	CONSTRAINT "ad_daily_viewers_ad_id_day_kind_viewer_hash_pk" PRIMARY KEY("ad_id","day","kind","viewer_hash")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"link_url" text NOT NULL,
	"slot" text NOT NULL,
	"image_key" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"weight" integer NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_dates_check" CHECK ("ads"."ends_at" IS NULL OR "ads"."ends_at" > "ads"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "ad_daily_counts" ADD CONSTRAINT "ad_daily_counts_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily_viewers" ADD CONSTRAINT "ad_daily_viewers_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_daily_viewers_day_idx" ON "ad_daily_viewers" USING btree ("day");