-- Events (decision 0071): the outbox's writer no longer notifies. PostgreSQL serialises the commits of every
-- transaction that queued a NOTIFY (one lock for the whole server, held through the commit's WAL flush), so a
-- NOTIFY in each settled bet's transaction capped bets at one commit per WAL flush and defeated group commit.
-- The dispatchers watch the outbox's head instead, on a connection of their own.
CREATE OR REPLACE FUNCTION events_emit(p_name text, p_merchant text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (name, merchant_code, payload) VALUES (p_name, p_merchant, p_payload);
END;
$$;
