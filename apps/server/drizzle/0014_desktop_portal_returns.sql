CREATE TABLE "desktop_portal_returns" (
	"portal_key" text PRIMARY KEY NOT NULL,
	"return_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "desktop_portal_returns_return_key_unique" UNIQUE("return_key")
);
--> statement-breakpoint
ALTER TABLE "desktop_portal_returns" ADD CONSTRAINT "desktop_portal_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desktop_portal_returns_created_idx" ON "desktop_portal_returns" USING btree ("created_at");