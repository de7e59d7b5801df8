ALTER TABLE "users" ADD COLUMN "trainer_difficulty" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trainer_downhill" integer DEFAULT 50 NOT NULL;