CREATE TABLE "visit_daily_counts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "visit_daily_counts_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
-- Page views per UTC day and dimension (db/src/schema/rollups.ts), kept by statement triggers on
-- visits: the rows a statement inserted or deleted are counted once per statement, in one upsert.
CREATE OR REPLACE FUNCTION ch_visit_daily_rows(changed_day date, device text, browser text, path text, is_new boolean)
RETURNS TABLE (day date, dimension text, key text, is_new boolean) AS $$
  VALUES (changed_day, 'total', '', is_new), (changed_day, 'path', path, false),
         (changed_day, 'device', device, false), (changed_day, 'browser', browser, false)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ch_visits_counted() RETURNS trigger AS $$
BEGIN
  INSERT INTO visit_daily_counts AS c (day, dimension, key, views, visitors)
  SELECT r.day, r.dimension, r.key, count(*)::int, (count(*) FILTER (WHERE r.is_new))::int
  FROM added v,
       LATERAL ch_visit_daily_rows((v.created_at AT TIME ZONE 'UTC')::date, v.device_type, v.browser, v.path, v.is_new_visitor) r
  GROUP BY 1, 2, 3
  ON CONFLICT (day, dimension, key) DO UPDATE
    SET views = c.views + excluded.views, visitors = c.visitors + excluded.visitors;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ch_visits_uncounted() RETURNS trigger AS $$
BEGIN
  UPDATE visit_daily_counts AS c
  SET views = c.views - g.views, visitors = c.visitors - g.visitors
  FROM (
    SELECT r.day, r.dimension, r.key, count(*)::int AS views, (count(*) FILTER (WHERE r.is_new))::int AS visitors
    FROM removed v,
         LATERAL ch_visit_daily_rows((v.created_at AT TIME ZONE 'UTC')::date, v.device_type, v.browser, v.path, v.is_new_visitor) r
    GROUP BY 1, 2, 3
  ) g
  WHERE c.day = g.day AND c.dimension = g.dimension AND c.key = g.key;
  DELETE FROM visit_daily_counts WHERE views <= 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER visits_counted AFTER INSERT ON visits REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION ch_visits_counted();
--> statement-breakpoint
CREATE TRIGGER visits_uncounted AFTER DELETE ON visits REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION ch_visits_uncounted();
--> statement-breakpoint
-- the visits recorded before this migration
INSERT INTO visit_daily_counts (day, dimension, key, views, visitors)
SELECT r.day, r.dimension, r.key, count(*)::int, (count(*) FILTER (WHERE r.is_new))::int
FROM visits v,
     LATERAL ch_visit_daily_rows((v.created_at AT TIME ZONE 'UTC')::date, v.device_type, v.browser, v.path, v.is_new_visitor) r
GROUP BY 1, 2, 3;
