ALTER TABLE "notifications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "updated_at" = coalesce("sent_at", "created_at");--> statement-breakpoint
UPDATE "webhook_deliveries" SET "updated_at" = coalesce("completed_at", "created_at");--> statement-breakpoint
-- every change of a delivery's state (the workers' claims, attempts, outcomes, a resend) moves updated_at,
-- without each of those writes having to name it
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_touch BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_touch BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
