CREATE TABLE "challenge_boards" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"generation" integer,
	"ranked_at" timestamp with time zone,
	"ranked" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"building" integer,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "challenge_boards" ADD CONSTRAINT "challenge_boards_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;