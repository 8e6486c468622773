-- The back office's order search (ILIKE '%…%' on the number, the e-mail and "first last"): trigram
-- indexes, so that a search reads the matching orders instead of every order. pg_trgm is a trusted
-- extension (the database owner may create it); PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
