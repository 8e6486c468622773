-- The back office's lead search (ILIKE '%…%' on the e-mail, "first last" and the message): trigram indexes, as
-- for the orders (0013), so that a search at 200,000 leads reads the matching ones instead of every lead.
CREATE INDEX "enquiries_email_trgm_idx" ON "enquiries" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "enquiries_name_trgm_idx" ON "enquiries" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "enquiries_message_trgm_idx" ON "enquiries" USING gin (coalesce("message", '') gin_trgm_ops) WITH (fastupdate=false);
