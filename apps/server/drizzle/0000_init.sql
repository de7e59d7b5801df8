CREATE TYPE "public"."account_level" AS ENUM('free', 'trial', 'core', 'pro', 'payment_failed', 'cancelled', 'cancelled_period_not_over');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify_email', 'reset_password');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('female', 'male', 'non_binary', 'prefer_not_to_say');--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"photo_url" text,
	"weight" double precision,
	"height" double precision,
	"gender" "gender",
	"login_count" integer DEFAULT 0 NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"channel_title" text,
	"channel_description" text,
	"channel_image" text,
	"accepted_terms_and_conditions" boolean DEFAULT false NOT NULL,
	"enter_demo_mode_at" integer,
	"members_riding_your_videos_notification" boolean DEFAULT true NOT NULL,
	"send_weekly_fitness_summary" boolean DEFAULT true NOT NULL,
	"send_most_ridden_tracks" boolean DEFAULT true NOT NULL,
	"send_who_rode_your_rides" boolean DEFAULT true NOT NULL,
	"strava_auto_save" boolean DEFAULT false NOT NULL,
	"strava_authorization_code" text,
	"strava_refresh_token" text,
	"strava_access_token" text,
	"strava_access_token_expires_at" integer,
	"account_level" "account_level" DEFAULT 'trial' NOT NULL,
	"previous_account_level" "account_level",
	"current_period_end_date" timestamp with time zone,
	"complimentary_access" boolean DEFAULT false NOT NULL,
	"account_expired" boolean DEFAULT false NOT NULL,
	"stripe_sub_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_code_hash_idx" ON "email_tokens" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_idx" ON "user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));