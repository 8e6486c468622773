-- The order-search trigram indexes without GIN's pending list (fastupdate): only a vacuum empties it, PGlite
-- never vacuums, and with a long pending list the planner prices the index above reading every order.
DROP INDEX "orders_number_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=false);