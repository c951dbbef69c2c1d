-- Live sessions kept in each instance's memory (decision 0149): every change that ends a session or changes what
-- authentication reads of its member tells every instance, whoever wrote it (the app, an operator's tool, SQL by
-- hand). The notification goes on the shared cache channel (decision 0119) as the cache `session.live`, scoped
-- to the member. Only rare writes notify: a touch of a session's idle clock moves it forward and notifies nothing.
CREATE OR REPLACE FUNCTION live_sessions_forget_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_cache', json_build_object('o', 'database', 'n', 'session.live', 's', OLD.member_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_sessions_forget_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tessera_cache', json_build_object('o', 'database', 'n', 'session.live', 's', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_sessions_forget_live AFTER UPDATE OF revoked_at, expires_at, last_seen_at, member_id
  ON member_sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
        OR NEW.last_seen_at < OLD.last_seen_at OR NEW.member_id IS DISTINCT FROM OLD.member_id)
  EXECUTE FUNCTION live_sessions_forget_session();
--> statement-breakpoint
CREATE TRIGGER member_sessions_forget_deleted AFTER DELETE ON member_sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION live_sessions_forget_session();
--> statement-breakpoint
CREATE TRIGGER members_forget_live_sessions AFTER UPDATE OF locked_at, type, merchant_code ON members FOR EACH ROW
  WHEN (NEW.locked_at IS DISTINCT FROM OLD.locked_at OR NEW.type IS DISTINCT FROM OLD.type
        OR NEW.merchant_code IS DISTINCT FROM OLD.merchant_code)
  EXECUTE FUNCTION live_sessions_forget_member();
--> statement-breakpoint
CREATE TRIGGER members_forget_deleted_sessions AFTER DELETE ON members FOR EACH ROW
  EXECUTE FUNCTION live_sessions_forget_member();
