CREATE TABLE "usdt_transfers" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"value_micro" bigint NOT NULL,
	"block_timestamp" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payment_id" integer,
	"claimed_by_order_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposal_versions" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposal_versions" ALTER COLUMN "discount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposal_versions" ALTER COLUMN "delivery_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposal_versions" ALTER COLUMN "tax_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposal_versions" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "tax_class" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" DROP CONSTRAINT "tax_rates_pkey";--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_state_tax_class_pk" PRIMARY KEY("state","tax_class");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_class" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "watcher_state" ADD COLUMN "cursor_seen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD COLUMN "delivery_zip" text;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "usdt_transfers_status_idx" ON "usdt_transfers" USING btree ("status","block_timestamp");--> statement-breakpoint
-- an accepted proposal's order kept its subtotal after the discount: the subtotal is now the lines' sum
-- and the discount its own column (subtotal - discount + shipping + tax = total on every order)
UPDATE "orders" o SET "discount_cents" = l.lines_cents - o."subtotal_cents", "subtotal_cents" = l.lines_cents
FROM (SELECT "order_id", sum("unit_price_cents" * "quantity")::bigint AS lines_cents FROM "order_lines" GROUP BY "order_id") l
WHERE l."order_id" = o."id" AND o."proposal_id" IS NOT NULL AND l.lines_cents > o."subtotal_cents";--> statement-breakpoint
UPDATE "orders" SET "access_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') WHERE "access_token" IS NULL;--> statement-breakpoint
UPDATE "orders" o SET "tax_lines" = jsonb_build_array(jsonb_build_object('taxClass', 'general', 'label', 'Sales tax', 'rateBasisPoints', CASE WHEN b.taxable > 0 THEN round(o."tax_cents" * 10000.0 / b.taxable)::int ELSE 0 END, 'taxableCents', b.taxable, 'taxCents', o."tax_cents")) FROM (SELECT "id", CASE WHEN "proposal_id" IS NULL THEN "subtotal_cents" ELSE "subtotal_cents" - "discount_cents" + "shipping_cents" END AS taxable FROM "orders") b WHERE b."id" = o."id" AND o."tax_lines" = '[]'::jsonb;
--> statement-breakpoint
-- the stage is an order's one state: a status set by hand through the old PUT …/status follows its stage again
UPDATE "orders" SET "status" = CASE "stage"
  WHEN 'awaiting_deposit' THEN 'pending' WHEN 'deposit_received' THEN 'confirmed'
  WHEN 'in_production' THEN 'in_production' WHEN 'quality_check' THEN 'in_production'
  WHEN 'ready_for_delivery' THEN 'in_production' WHEN 'delivered' THEN 'delivered'
  WHEN 'balance_paid' THEN 'delivered' WHEN 'completed' THEN 'delivered' WHEN 'cancelled' THEN 'cancelled'
  ELSE "status" END;
--> statement-breakpoint
-- and the payment status follows the ledger: paid once the recorded payments cover the invoices
UPDATE "orders" o SET "payment_status" = CASE WHEN l.invoiced > 0 AND l.paid >= l.invoiced THEN 'paid' ELSE 'pending' END
FROM (
  SELECT o2."id",
    coalesce((SELECT sum(i."amount_cents") FROM "invoices" i WHERE i."order_id" = o2."id" AND i."status" <> 'void'), 0) AS invoiced,
    coalesce((SELECT sum(p."amount_cents") FROM "payments" p WHERE p."order_id" = o2."id" AND p."status" = 'recorded'), 0) AS paid
  FROM "orders" o2
) l
WHERE l."id" = o."id";
--> statement-breakpoint
-- the tax table gains classes: a database seeded before them taxes the delivery charge and housing at the
-- state's general rate until the accountant says otherwise (back office → Proposals → Price lists)
INSERT INTO "tax_rates" ("state", "tax_class", "rate_basis_points")
SELECT t."state", c.new_class, t."rate_basis_points" FROM "tax_rates" t, (VALUES ('delivery'), ('housing')) AS c(new_class)
WHERE t."tax_class" = 'general'
ON CONFLICT DO NOTHING;
