-- Every change to a session row (sign-out, expiry purge, last-seen refresh, or a manual UPDATE/DELETE)
-- tells every API process to forget what it remembers of that session (api/src/lib/read-cache.ts).
CREATE OR REPLACE FUNCTION ch_notify_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('ch_read_cache', 'session:' || OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_change_notice AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION ch_notify_session_change();
