CREATE INDEX "enquiries_email_lower_idx" ON "enquiries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));