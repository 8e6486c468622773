CREATE TABLE "signing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD COLUMN "code_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD COLUMN "consented" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "signing_codes_subject_idx" ON "signing_codes" USING btree ("subject");