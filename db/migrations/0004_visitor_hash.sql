CREATE TABLE "visitor_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
-- Views recorded before: a hash of the old address under one random salt that is never stored, so past
-- unique counts stay about right and the addresses cannot be recovered (the column is dropped in 0005).
WITH "throwaway" AS MATERIALIZED (SELECT gen_random_uuid()::text || gen_random_uuid()::text AS "salt")
UPDATE "visits" SET "visitor_hash" = encode(sha256(convert_to("throwaway"."salt" || "visits"."ip_address", 'UTF8')), 'hex')
FROM "throwaway";--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "visitor_hash" SET NOT NULL;--> statement-breakpoint
-- New-visitor announcements repeated the address in their text.
UPDATE "notifications" SET "body_text" = regexp_replace("body_text", E'\n<b>IP:</b> [^\n]*', '', 'g') WHERE "kind" = 'new-visitor';--> statement-breakpoint
CREATE INDEX "visits_visitor_idx" ON "visits" USING btree ("visitor_hash","created_at");
