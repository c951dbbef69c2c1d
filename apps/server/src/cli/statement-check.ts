// The check behind `npm run contracts:verify` (issue 25): every agent-contract statement recomputed from the raw
// rounds (bet_rounds) and compared with what was written and paid. Written apart from the settlement engine on
// purpose (its own tier matching, rounding and threshold parsing): a second reading of the same terms and rounds.
import { basisPointsOf, type ContractTerms, currencyExponent } from '@tessera/contracts';
import type pg from 'pg';
import { createAgentContractsRepository } from '../modules/agent-contracts/agent-contracts.repository';
import { chainBreak } from '../modules/agent-contracts/agent-contracts.service';

interface Statement {
  id: string;
  contractId: string;
  merchantCode: string;
  seq: number;
  kind: 'dividend' | 'daily' | 'hourly' | 'realtime';
  periodStart: Date;
  periodEnd: Date;
  inputs: Record<string, string | number>;
  tier: number | null;
  rateBp: number | null;
  amount: string;
  paid: string;
  status: string;
  downlineId: string;
  downlineAccount: string;
  terms: ContractTerms;
  currency: string;
  decidedAt: Date | null;
}

interface Round {
  memberId: string;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
  leftOut: boolean;
  inTeam: boolean;
  settled: boolean;
}

/** "12.5" in the currency's minor units, written out here on purpose (not the engine's parser). */
const minor = (text: string, currency: string): bigint => {
  const exponent = currencyExponent(currency);
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0').slice(0, exponent) || '0');
};
const money = (value: bigint, currency: string): string => {
  const exponent = currencyExponent(currency);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};

/** A member's blocks overlapping [start, end) make it left out of that period (decision 0110). */
const LEFT_OUT = `EXISTS (SELECT 1 FROM agent_contract_member_blocks b WHERE b.member_id = r.member_id
                    AND b.starts_at < $2 AND (b.ends_at IS NULL OR b.ends_at > $1))`;
const IN_TEAM = `EXISTS (SELECT 1 FROM agent_closure t WHERE t.ancestor_id = $3 AND t.descendant_id = r.member_id
                   AND t.distance > 0)`;
const ROUND = `r.member_id AS "memberId", r.bet_amount::text AS "betAmount", r.valid_bet::text AS "validBet",
               r.payout::text AS payout, ${LEFT_OUT} AS "leftOut", ${IN_TEAM} AS "inTeam",
               (r.status = 'settled') AS settled`;

const toRounds = (rows: Record<string, unknown>[]): Round[] =>
  rows.map((row) => ({
    memberId: row.memberId as string,
    betAmount: BigInt(row.betAmount as string),
    validBet: BigInt(row.validBet as string),
    payout: BigInt(row.payout as string),
    leftOut: row.leftOut as boolean,
    inTeam: row.inTeam as boolean,
    settled: row.settled as boolean,
  }));

/**
 * Accrual `a` was taken by statement `$4` (decision 0152): the first statement of its contract, in chain order, whose
 * mark reaches the accrual's number and whose period ends after the round settled. Read here as "the first statement
 * that holds it", not as the engine's "what the previous statement left": a second reading of the same marks.
 */
const TAKEN_BY = `a.contract_id = (SELECT s.contract_id FROM agent_contract_statements s WHERE s.id = $4)
  AND (SELECT s.id FROM agent_contract_statements s
        WHERE s.contract_id = a.contract_id AND s.taken_through >= a.seq AND s.period_end > a.settled_at
        ORDER BY s.seq LIMIT 1) = $4`;

/** The rounds a statement counts, from bet_rounds, and the corrections (decision 0118) it took, which are no round. */
const roundsOf = async (db: pg.Pool, s: Statement): Promise<{ rounds: Round[]; corrections: number }> => {
  const params = [s.periodStart, s.periodEnd, s.downlineId];
  if (s.kind === 'daily') {
    const { rows } = await db.query(
      `SELECT ${ROUND} FROM bet_rounds r
        WHERE r.status = 'settled' AND r.settled_at >= $1 AND r.settled_at < $2 AND ${IN_TEAM}`,
      params,
    );
    return { rounds: toRounds(rows), corrections: 0 };
  }
  const { rows } = await db.query(
    `SELECT ${ROUND} FROM agent_contract_accruals a JOIN bet_rounds r ON r.id::text = a.round_id
      WHERE ${TAKEN_BY} AND NOT a.correction`,
    [...params, s.id],
  );
  const corrections = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM agent_contract_accruals a WHERE ${TAKEN_BY.replaceAll('$4', '$1')} AND a.correction`,
    [s.id],
  );
  return { rounds: toRounds(rows), corrections: corrections.rows[0]?.n ?? 0 };
};

/** The team's settled rounds with a valid bet in the statement's period that no statement of the contract took. */
const untaken = async (db: pg.Pool, s: Statement): Promise<number> => {
  if (s.kind === 'daily') return 0;
  const minBet = s.terms.kind === 'realtime' ? minor(s.terms.minBet, s.currency) : 0n;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bet_rounds r
      WHERE r.status = 'settled' AND r.valid_bet > 0 AND r.bet_amount >= $5 AND r.settled_at >= $1 AND r.settled_at < $2
        AND r.settled_at >= $4 AND ${IN_TEAM}
        AND NOT EXISTS (SELECT 1 FROM agent_contract_accruals a WHERE a.contract_id = $6 AND a.round_id = r.id::text)`,
    [s.periodStart, s.periodEnd, s.downlineId, s.decidedAt ?? s.periodStart, minBet.toString(), s.contractId],
  );
  return rows[0]?.n ?? 0;
};

/** The statement worked out again: its inputs, tier, rate and amount. */
const recompute = (s: Statement, rounds: Round[]) => {
  const counted = rounds.filter((r) => !r.leftOut);
  const leftOut = new Set(rounds.filter((r) => r.leftOut).map((r) => r.memberId)).size;
  const validBet = counted.reduce((sum, r) => sum + r.validBet, 0n);
  const terms = s.terms;
  if (terms.kind === 'realtime') {
    const minBet = minor(terms.minBet, s.currency);
    const shares = counted
      .filter((r) => r.validBet > 0n && r.betAmount >= minBet)
      .map((r) => r.validBet * BigInt(basisPointsOf(r.payout > r.betAmount ? terms.winRate : terms.lossRate)));
    return {
      inputs: {
        rounds: counted.length,
        wonRounds: counted.filter((r) => r.payout > r.betAmount).length,
        validBet: validBet.toString(),
        ...(leftOut > 0 ? { leftOutMembers: leftOut } : {}),
      } as Record<string, string | number>,
      tier: null,
      rateBp: null,
      amount: shares.reduce((sum, share) => sum + share, 0n) / 10_000n,
    };
  }
  const loss = counted.reduce((sum, r) => sum + r.betAmount - r.payout, 0n);
  const active = new Set(counted.map((r) => r.memberId)).size;
  const tiers =
    terms.kind === 'dividend'
      ? terms.tiers.map((t) => ({
          bet: minor(t.validBet, s.currency),
          loss: minor(t.loss, s.currency),
          members: Number(t.activeMembers),
          bp: basisPointsOf(t.rate),
        }))
      : terms.kind === 'daily'
        ? terms.tiers.map((t) => ({
            bet: minor(t.betAmount, s.currency),
            loss: null,
            members: Number(t.activeMembers),
            bp: basisPointsOf(t.rate),
          }))
        : terms.tiers.map((t) => ({
            bet: minor(t.betAmount, s.currency),
            loss: null,
            members: 0,
            bp: basisPointsOf(t.rate),
          }));
  // The met tier with the highest rate.
  let tier: number | null = null;
  tiers.forEach((t, i) => {
    const met = validBet >= t.bet && active >= t.members && (t.loss === null || loss >= t.loss);
    if (met && (tier === null || t.bp > (tiers[tier]?.bp ?? 0))) tier = i;
  });
  const rateBp = tier === null ? null : (tiers[tier as number]?.bp ?? null);
  const base = terms.kind === 'dividend' ? loss : validBet;
  const amount = rateBp === null || base <= 0n ? 0n : (base * BigInt(rateBp)) / 10_000n;
  const inputs: Record<string, string | number> =
    terms.kind === 'hourly'
      ? { rounds: counted.length, validBet: validBet.toString() }
      : { validBet: validBet.toString(), loss: loss.toString(), activeMembers: active };
  if (terms.kind === 'dividend') inputs.rounds = counted.length;
  if (leftOut > 0) inputs.leftOutMembers = leftOut;
  // Statements number their tiers from 1, as the terms list them.
  return { inputs, tier: tier === null ? null : (tier as number) + 1, rateBp, amount };
};

/**
 * Checks the statements `filter` selects (all by default), writing one line per statement (only the failing ones
 * when `quiet`) and a summary through `write`. Answers how many statements were checked and how many failed.
 */
export const verifyStatements = async (
  db: pg.Pool,
  filter: { merchant?: string; contract?: string; since?: string; quiet?: boolean },
  write: (line: string) => void,
): Promise<{ statements: number; mismatches: number }> => {
  const quiet = filter.quiet ?? false;
  let mismatches = 0;
  const repository = createAgentContractsRepository(db);
  const { rows } = await db.query<Statement>(
    `SELECT s.id, s.contract_id AS "contractId", s.merchant_code AS "merchantCode", s.seq, s.kind,
          s.period_start AS "periodStart", s.period_end AS "periodEnd", s.inputs, s.tier, s.rate_bp AS "rateBp",
          s.amount::text, s.paid::text, s.status, s.downline_id AS "downlineId",
          c.downline_account AS "downlineAccount", c.terms, c.currency, c.decided_at AS "decidedAt"
     FROM agent_contract_statements s JOIN agent_contracts c ON c.id = s.contract_id
    WHERE ($1::text IS NULL OR s.merchant_code = $1) AND ($2::uuid IS NULL OR s.contract_id = $2)
      AND ($3::timestamptz IS NULL OR s.period_end > $3)
    ORDER BY s.period_start, c.downline_account, s.kind`,
    [filter.merchant ?? null, filter.contract ?? null, filter.since ?? null],
  );
  const broken = new Map<string, number | null>();
  for (const contractId of new Set(rows.map((row) => row.contractId))) {
    broken.set(contractId, chainBreak(await repository.chain(contractId)));
  }
  const counts = { statements: rows.length, rounds: 0, untaken: 0 };
  for (const s of rows) {
    const { rounds, corrections } = await roundsOf(db, s);
    const again = recompute(s, rounds);
    const problems: string[] = [];
    const stray = rounds.filter((r) => !r.inTeam || !r.settled).length;
    if (stray > 0) problems.push(`${stray} rounds not settled rounds of the team`);
    if (corrections > 0) problems.push(`${corrections} corrections (decision 0118) not recomputable from rounds`);
    for (const [key, value] of Object.entries(again.inputs)) {
      if (String(s.inputs[key]) !== String(value)) problems.push(`${key} ${s.inputs[key]} ≠ ${value}`);
    }
    if (s.tier !== again.tier) problems.push(`tier ${s.tier} ≠ ${again.tier}`);
    if (s.rateBp !== again.rateBp) problems.push(`rate ${s.rateBp} bp ≠ ${again.rateBp} bp`);
    if (BigInt(s.amount) !== again.amount) problems.push(`amount ${s.amount} ≠ ${again.amount}`);
    const payments = await db.query<{ recorded: string; ledger: string; unmatched: number }>(
      `SELECT coalesce(sum(p.amount), 0)::text AS recorded,
            (SELECT coalesce(sum(lp.amount), 0) FROM ledger_transactions lt
               JOIN ledger_postings lp ON lp.transaction_id = lt.id
               JOIN ledger_accounts la ON la.id = lp.account_id
              WHERE lt.merchant_code = $2 AND lt.reference = $1::text AND la.owner_type = 'member'
                AND la.owner_id = $3::text AND lp.amount > 0)::text AS ledger
       FROM agent_contract_payments p WHERE p.statement_id = $1::uuid`,
      [s.id, s.merchantCode, s.downlineId],
    );
    const paid = payments.rows[0];
    if (paid && (paid.recorded !== s.paid || paid.ledger !== s.paid)) {
      problems.push(`paid ${s.paid}: payments ${paid.recorded}, ledger credits ${paid.ledger}`);
    }
    const chain = broken.get(s.contractId);
    if (chain !== null && chain !== undefined && s.seq >= chain) problems.push(`hash chain broken at seq ${chain}`);
    const missing = await untaken(db, s);
    counts.rounds += rounds.length;
    counts.untaken += missing;
    if (problems.length > 0) mismatches += 1;
    if (!quiet || problems.length > 0) {
      write(
        `${problems.length === 0 ? 'ok  ' : 'FAIL'} ${s.periodStart.toISOString()} ${s.kind.padEnd(8)} ${s.downlineAccount.padEnd(14)} #${String(s.seq).padEnd(4)} ${String(rounds.length).padStart(5)} rounds  amount ${money(BigInt(s.amount), s.currency).padStart(9)} (recomputed ${money(again.amount, s.currency)})  paid ${money(BigInt(s.paid), s.currency)} ${s.status}${missing > 0 ? `  ${missing} rounds of the period in no statement` : ''}${problems.length > 0 ? `: ${problems.join('; ')}` : ''}\n`,
      );
    }
  }
  write(
    `${counts.statements} statements of ${broken.size} contracts, ${counts.rounds} rounds recomputed from bet_rounds: ${mismatches === 0 ? 'all match' : `${mismatches} do not match`}; hash chains ${[...broken.values()].every((b) => b === null) ? 'intact' : 'BROKEN'}${counts.untaken > 0 ? `; ${counts.untaken} rounds of settled periods in no statement (late rounds are taken by the next period)` : ''}\n`,
  );
  return { statements: rows.length, mismatches };
};
