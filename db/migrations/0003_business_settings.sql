CREATE TABLE "business_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_single_row" CHECK ("business_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
-- A change to the business settings (from the back office or a manual UPDATE) tells every API process
-- to drop its cached pages and answers (api/src/lib/read-cache.ts listens on this channel).
CREATE OR REPLACE FUNCTION ch_notify_settings_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('ch_read_cache', 'settings');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER business_settings_change_notice AFTER INSERT OR UPDATE OR DELETE ON business_settings
  FOR EACH STATEMENT EXECUTE FUNCTION ch_notify_settings_change();
