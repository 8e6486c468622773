ALTER TABLE "invoices" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" text DEFAULT 'acceptance' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD COLUMN "payment_schedule" jsonb;--> statement-breakpoint
UPDATE "invoices" SET "label" = 'Deposit', "position" = 0, "due_on" = 'acceptance', "due_at" = coalesce("due_at", "created_at") WHERE "kind" = 'deposit';--> statement-breakpoint
UPDATE "invoices" i SET "label" = 'Balance', "position" = 1, "due_on" = 'delivered',
  "due_at" = coalesce(i."due_at", (SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = i."order_id" AND e."kind" = 'stage' AND e."to_stage" = 'delivered'))
  WHERE i."kind" = 'balance';
