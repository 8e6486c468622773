CREATE TABLE "enquiry_email_counts" (
	"email" text PRIMARY KEY NOT NULL,
	"enquiries" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_customer_counts" (
	"email" text PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_daily_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "order_daily_counts_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
-- Orders per UTC day and status, customers and enquirers per lower-cased e-mail (db/src/schema/rollups.ts),
-- kept by statement triggers: the rows a statement inserted, deleted or changed are counted once per
-- statement. An update counts its rows' new values in and their old ones out (unchanged rows cancel out).
CREATE OR REPLACE FUNCTION ch_orders_rollup() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_daily_counts AS c (day, status, orders, total_cents)
    SELECT (created_at AT TIME ZONE 'UTC')::date, status, count(*)::int, sum(total_cents)::bigint FROM added GROUP BY 1, 2
    ON CONFLICT (day, status) DO UPDATE
      SET orders = c.orders + excluded.orders, total_cents = c.total_cents + excluded.total_cents;
    INSERT INTO order_customer_counts AS c (email, orders)
    SELECT lower(email), count(*)::int FROM added WHERE status <> 'cancelled' GROUP BY 1
    ON CONFLICT (email) DO UPDATE SET orders = c.orders + excluded.orders;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE order_daily_counts AS c
    SET orders = c.orders - g.orders, total_cents = c.total_cents - g.total_cents
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, status, count(*)::int AS orders,
                 sum(total_cents)::bigint AS total_cents
          FROM removed GROUP BY 1, 2) g
    WHERE c.day = g.day AND c.status = g.status;
    DELETE FROM order_daily_counts c
    USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day, status FROM removed) g
    WHERE c.day = g.day AND c.status = g.status AND c.orders <= 0;
    UPDATE order_customer_counts AS c SET orders = c.orders - g.orders
    FROM (SELECT lower(email) AS email, count(*)::int AS orders FROM removed WHERE status <> 'cancelled' GROUP BY 1) g
    WHERE c.email = g.email;
    DELETE FROM order_customer_counts c USING (SELECT DISTINCT lower(email) AS email FROM removed) g
    WHERE c.email = g.email AND c.orders <= 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ch_enquiries_rollup() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO enquiry_email_counts AS c (email, enquiries)
    SELECT lower(email), count(*)::int FROM added WHERE email <> '' GROUP BY 1
    ON CONFLICT (email) DO UPDATE SET enquiries = c.enquiries + excluded.enquiries;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE enquiry_email_counts AS c SET enquiries = c.enquiries - g.enquiries
    FROM (SELECT lower(email) AS email, count(*)::int AS enquiries FROM removed WHERE email <> '' GROUP BY 1) g
    WHERE c.email = g.email;
    DELETE FROM enquiry_email_counts c USING (SELECT DISTINCT lower(email) AS email FROM removed) g
    WHERE c.email = g.email AND c.enquiries <= 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ch_rollups_truncated() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    DELETE FROM order_daily_counts;
    DELETE FROM order_customer_counts;
  ELSE
    DELETE FROM enquiry_email_counts;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ch_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ch_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION ch_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION ch_rollups_truncated();
--> statement-breakpoint
CREATE TRIGGER enquiries_rollup_insert AFTER INSERT ON enquiries REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ch_enquiries_rollup();
--> statement-breakpoint
CREATE TRIGGER enquiries_rollup_update AFTER UPDATE ON enquiries REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ch_enquiries_rollup();
--> statement-breakpoint
CREATE TRIGGER enquiries_rollup_delete AFTER DELETE ON enquiries REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION ch_enquiries_rollup();
--> statement-breakpoint
CREATE TRIGGER enquiries_rollup_truncate AFTER TRUNCATE ON enquiries FOR EACH STATEMENT EXECUTE FUNCTION ch_rollups_truncated();
--> statement-breakpoint
-- the orders and enquiries recorded before this migration
INSERT INTO order_daily_counts (day, status, orders, total_cents)
SELECT (created_at AT TIME ZONE 'UTC')::date, status, count(*)::int, sum(total_cents)::bigint FROM orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO order_customer_counts (email, orders)
SELECT lower(email), count(*)::int FROM orders WHERE status <> 'cancelled' GROUP BY 1;
--> statement-breakpoint
INSERT INTO enquiry_email_counts (email, enquiries)
SELECT lower(email), count(*)::int FROM enquiries WHERE email <> '' GROUP BY 1;
