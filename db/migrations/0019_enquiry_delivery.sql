ALTER TABLE "enquiries" ADD COLUMN "delivery_zip" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "delivery_state" text;
