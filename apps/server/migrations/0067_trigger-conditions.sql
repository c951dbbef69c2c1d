-- Row triggers on the hottest tables state when they apply in their WHEN clause (decision 0154), so that a row they
-- have nothing to do for costs no PL/pgSQL call: PostgreSQL evaluates the condition inline. The functions keep their
-- own checks, so their behaviour is unchanged.

-- bet.settled: a round inserted as settled, or moved to settled. Two triggers, because an INSERT trigger's condition
-- cannot name OLD.
DROP TRIGGER bet_rounds_settled ON bet_rounds;
--> statement-breakpoint
CREATE TRIGGER bet_rounds_settled AFTER UPDATE OF status ON bet_rounds
  FOR EACH ROW WHEN (NEW.status = 'settled' AND OLD.status IS DISTINCT FROM 'settled')
  EXECUTE FUNCTION bet_rounds_emit_settled();
--> statement-breakpoint
CREATE TRIGGER bet_rounds_settled_inserted AFTER INSERT ON bet_rounds
  FOR EACH ROW WHEN (NEW.status = 'settled')
  EXECUTE FUNCTION bet_rounds_emit_settled();
--> statement-breakpoint

-- Responsible gaming's lottery stakes (migration 0043): only a lottery ticket's hold placed, or voided while
-- active (a refund). A hold captured at the draw, and every other hold, is none of its business.
DROP TRIGGER rg_guard_hold_placed ON ledger_holds;
--> statement-breakpoint
CREATE TRIGGER rg_guard_hold_placed AFTER INSERT ON ledger_holds
  FOR EACH ROW WHEN (NEW.idempotency_key LIKE 'lottery:hold:%')
  EXECUTE FUNCTION rg_guard_hold();
--> statement-breakpoint
DROP TRIGGER rg_guard_hold_released ON ledger_holds;
--> statement-breakpoint
CREATE TRIGGER rg_guard_hold_released AFTER UPDATE OF status ON ledger_holds
  FOR EACH ROW WHEN (OLD.status = 'active' AND NEW.status = 'voided' AND NEW.idempotency_key LIKE 'lottery:hold:%')
  EXECUTE FUNCTION rg_guard_hold();
