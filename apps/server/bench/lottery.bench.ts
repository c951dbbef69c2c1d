/**
 * npm run bench:lottery — one lottery draw with 100,000 tickets settled (issue 29, decision 0100).
 *
 * Setup, per repeat: a fresh draw of FAST1 with TICKETS tickets spread over MEMBERS members (every bet type, its
 * odds as the game sells them), written the way `lottery.buy` leaves them: a ledger hold per ticket on the member's
 * main wallet, the ticket row, its open round in the betting record. The members, their rows and their funding
 * (one ledger movement each) are written once, straight into the tables, and the ledger is reconciled before the
 * first measurement so the fixture itself is known to be clean.
 *
 * Measured, interleaved in each repeat at production defaults (default pool, default logging level):
 * - baseline: one `UPDATE` writing status and payout of the same tickets (rolled back);
 * - floor: the writes any settlement must make, each one set-based statement (tickets, holds, held balances, rounds
 *   with the trigger's one event per round; ledger postings left out, so a lower bound), rolled back;
 * - settlement: the draw drawn and `lottery.settleDraw` run to the end, as the draw job does.
 * Printed: medians of REPEATS, the ratio to the baseline, the load average beside each figure, and the ledger
 * reconciliation after the last repeat (exit code 1 when any check fails or a ticket is left pending or settled
 * twice). Target: 100,000 tickets in under 3 s. Uses DATABASE_URL's server when set, else an embedded PostgreSQL.
 * BENCH_LOTTERY_EXPLAIN=1 first prints the plans (auto_explain, nested statements over 20 ms) of one 2,500-ticket
 * batch's ledger and betting-record statements, rolled back: the profile behind decision 0100.
 */

import { loadavg } from 'node:os';
import {
  DEFAULT_FIVE_DIGIT_ODDS,
  type FiveDigitBetType,
  type FiveDigitSelection,
  fiveDigitBetTypes,
  fiveDigitOddsOf,
  fiveDigitSelectionsOf,
} from '@tessera/engines';
import { reconcileLedger } from '../src/modules/ledger';
import { inTransaction } from '../src/platform/db/transaction';
import { benchApp, benchDatabase } from './bench-support';

const TICKETS = Number(process.env.BENCH_LOTTERY_TICKETS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 10_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const POOL = 10;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A deterministic spread over every bet type and its selections. */
const selections = fiveDigitBetTypes.flatMap((betType: FiveDigitBetType) => fiveDigitSelectionsOf(betType));
let seed = 20_261_129;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const main = async () => {
  const { database, drop } = await benchDatabase(process.env.BENCH_LOTTERY_DB ?? 'bench_lottery', POOL);
  const pool = database.pool;
  let failed = false;
  try {
    const { app, services } = await benchApp(database, undefined, {
      runJobs: false,
      crash: { drive: false },
      events: { deliver: false },
    });
    const merchant = await services.merchants.resolve({ code: 'demo', host: '' });
    const currency = merchant.settings.currency;
    const building = performance.now();

    // Members with a funded main wallet: one deposit movement each, through the ledger.
    const { rows: memberRows } = await pool.query<{ id: string }>(
      `INSERT INTO members (merchant_code, username, account, password_hash, nickname, referral_code)
       SELECT 'demo', 'lotb' || i, 'lotb' || i, 'x', 'lotb' || i, 'LB' || i FROM generate_series(1, $1::int) AS i
       RETURNING id`,
      [MEMBERS],
    );
    const memberIds = memberRows.map((row) => row.id);
    // The first through the service (it creates the house account), the rest by the same ledger function in one
    // statement (no round trip per member).
    await services.ledger.transfer({
      merchantCode: 'demo',
      currency,
      type: 'deposit',
      idempotencyKey: `bench:fund:${memberIds[0]}`,
      from: { house: 'deposits', shard: 0 },
      to: { member: memberIds[0] as string, wallet: 'main' },
      amount: 100_000_000n,
    });
    await pool.query(
      `INSERT INTO ledger_accounts (merchant_code, owner_type, owner_id, kind, currency, shard, allow_negative)
       SELECT 'demo', 'member', m::text, 'main', $2, 0, false FROM unnest($1::uuid[]) AS m
       ON CONFLICT DO NOTHING`,
      [memberIds, currency],
    );
    await pool.query(
      `SELECT count(*) FROM (
         SELECT (ledger_post('demo', 'deposit', 'bench:fund:' || a.owner_id, 'bench', NULL, '{}'::jsonb,
                             ARRAY[h.id, a.id], ARRAY[-100000000, 100000000]::bigint[])).transaction_id
           FROM ledger_accounts a
           JOIN ledger_accounts h ON h.merchant_code = 'demo' AND h.owner_type = 'house' AND h.owner_id = 'deposits'
                                 AND h.shard = 0 AND h.currency = $2
          WHERE a.owner_type = 'member' AND a.kind = 'main' AND a.owner_id = ANY ($1::text[]) AND a.owner_id <> $3
          ORDER BY a.id) x`,
      [memberIds, currency, memberIds[0]],
    );
    const { rows: accounts } = await pool.query<{ id: string; owner_id: string }>(
      `SELECT id::text, owner_id FROM ledger_accounts WHERE owner_type = 'member' AND kind = 'main'`,
    );
    const accountOf = new Map(accounts.map((row) => [row.owner_id, row.id]));
    const game = (await services.lottery.games('demo', true)).find((row) => row.code === 'FAST1');
    if (!game) throw new Error('FAST1 is missing');
    const catalogueId = await services.games.catalogueId('LOTT', game.catalogueGameCode);
    console.log(
      `members: ${MEMBERS} funded in ${((performance.now() - building) / 1000).toFixed(1)} s; tickets per draw ${TICKETS}`,
    );

    /** A draw due now with TICKETS pending tickets, written as `lottery.buy` writes them. */
    const buildDraw = async (repeat: number): Promise<bigint> => {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO lottery_draws (merchant_code, game_id, draw_no, opens_at, closes_at, draw_at, server_seed, seed_hash)
         VALUES ('demo', $1, $2, now() - interval '1 hour', now() - interval '1 minute', now() - interval '1 second',
                 $3, encode(sha256(convert_to($3, 'UTF8')), 'hex'))
         RETURNING id::text`,
        [game.id, `bench${repeat}${Date.now()}`, `bench-seed-${repeat}-${Date.now()}`],
      );
      const drawId = rows[0]?.id as string;
      const ids: string[] = [];
      const members: string[] = [];
      const accountIds: string[] = [];
      const betTypes: string[] = [];
      const positions: (number | null)[] = [];
      const numbers: (string | null)[] = [];
      const sides: (string | null)[] = [];
      const stakes: string[] = [];
      const odds: number[] = [];
      for (let i = 0; i < TICKETS; i += 1) {
        const member = memberIds[i % MEMBERS] as string;
        const selection = selections[Math.floor(random() * selections.length)] as FiveDigitSelection;
        ids.push(crypto.randomUUID());
        members.push(member);
        accountIds.push(accountOf.get(member) as string);
        betTypes.push(selection.betType);
        positions.push(selection.position ?? null);
        numbers.push(selection.numbers ? `{${selection.numbers.join(',')}}` : null);
        sides.push(selection.side ?? null);
        stakes.push(String(100 + Math.floor(random() * 9_900)));
        odds.push(fiveDigitOddsOf(DEFAULT_FIVE_DIGIT_ODDS, selection));
      }
      await inTransaction(pool, async (client) => {
        await client.query(
          `CREATE TEMP TABLE bench_tickets ON COMMIT DROP AS
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[],
                                $8::bigint[], $9::int[])
             AS x(id, member_id, account_id, bet_type, position, numbers, side, stake, odds)`,
          [ids, members, accountIds, betTypes, positions, numbers, sides, stakes, odds],
        );
        await client.query(
          `ALTER TABLE bench_tickets ADD COLUMN hold_id bigint;
           UPDATE bench_tickets SET hold_id = nextval(pg_get_serial_sequence('ledger_holds', 'id'))`,
        );
        await client.query(
          `INSERT INTO ledger_holds (id, merchant_code, account_id, amount, status, idempotency_key, request_hash, reference)
           SELECT hold_id, 'demo', account_id, stake, 'active', 'lottery:hold:' || id, 'bench', id::text FROM bench_tickets`,
        );
        await client.query(
          `UPDATE ledger_accounts a SET held = a.held + s.total
             FROM (SELECT account_id, sum(stake) AS total FROM bench_tickets GROUP BY account_id) s
            WHERE a.id = s.account_id`,
        );
        await client.query(
          `INSERT INTO lottery_tickets (id, merchant_code, member_id, draw_id, request_id, line, bet_type, position,
                                        numbers, side, stake, odds, currency, hold_id)
           SELECT id, 'demo', member_id, $1, id, 0, bet_type, position, numbers::smallint[], side, stake, odds, $2, hold_id
             FROM bench_tickets`,
          [drawId, currency],
        );
        if (catalogueId !== null) {
          await client.query(
            `INSERT INTO bet_rounds (merchant_code, member_id, source, provider, round_ref, game_id, game_type,
                                     vendor_code, currency, details, bet_amount, status, placed_at)
             SELECT 'demo', member_id, 'lottery', 'LOTT', id::text, $1, 'LOTT', 'LOTT', $2, '{}'::jsonb, stake, 'open', now()
               FROM bench_tickets`,
            [catalogueId, currency],
          );
        }
      });
      await pool.query('ANALYZE lottery_tickets; ANALYZE ledger_holds; ANALYZE bet_rounds; ANALYZE ledger_accounts');
      return BigInt(drawId);
    };

    const baselines: number[] = [];
    const settlements: number[] = [];
    const floors: number[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const drawId = await buildDraw(repeat);
      if (repeat === 0) {
        const clean = (await reconcileLedger(pool)).every((check) => check.discrepancies === 0);
        console.log(`fixture reconciled before any settlement: ${clean ? 'clean' : 'NOT CLEAN'}`);
        if (!clean) failed = true;
      }

      if (process.env.BENCH_LOTTERY_EXPLAIN) {
        const c = await pool.connect();
        c.on('notice', (n) => console.log(String(n.message).slice(0, 3000)));
        await c.query(`LOAD 'auto_explain'`);
        await c.query(
          `SET auto_explain.log_min_duration = 20; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice`,
        );
        await c.query('BEGIN');
        const { rows: t } = await c.query(
          `SELECT id, hold_id::text, stake::text FROM lottery_tickets WHERE draw_id = $1 AND status = 'pending' ORDER BY member_id, id LIMIT 2500 FOR UPDATE SKIP LOCKED`,
          [drawId],
        );
        const acct = await services.ledger.settleHolds(c, {
          merchantCode: 'demo',
          currency,
          to: { house: 'lottery', shard: 1 },
          stakeType: 'lottery_stake',
          payoutType: 'lottery_payout',
          keyPrefix: 'x',
          reference: 'x',
          holds: t.map((r) => BigInt(r.hold_id)),
          payouts: t.map((r, i) => (i % 3 ? 0n : BigInt(r.stake) * 2n)),
        });
        console.log('accounts', acct.length);
        await services.bets.recordPayouts(
          { source: 'lottery', provider: 'LOTT' },
          { roundRefs: t.map((r) => r.id), payouts: t.map(() => 0n) },
          {},
          c,
        );
        const deferred = performance.now();
        await c.query('SET CONSTRAINTS ALL IMMEDIATE');
        console.log(`deferred constraint triggers of the batch: ${(performance.now() - deferred).toFixed(0)} ms`);
        await c.query('ROLLBACK');
        c.release(true); // auto_explain stays loaded in its session: that connection leaves the pool
      }
      // Baseline: one statement writing every ticket's outcome, rolled back.
      const client = await pool.connect();
      const t0 = performance.now();
      try {
        await client.query('BEGIN');
        await client.query(
          `UPDATE lottery_tickets SET status = 'lost', payout = 0, settled_at = now() WHERE draw_id = $1 AND status = 'pending'`,
          [drawId],
        );
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      const baseline = (performance.now() - t0) / 1000;
      baselines.push(baseline);
      console.log(
        `repeat ${repeat + 1} baseline (one UPDATE of the tickets) ${baseline.toFixed(2)} s  (load ${load()})`,
      );
      // The floor of the writes any settlement must make, each one set-based statement, rolled back: every ticket
      // marked, every hold captured, the held balances released, every round of the betting record closed (its
      // trigger writing the one `bet.settled` event per round that the consumers need). The per-member ledger
      // movements are left out, so this is a lower bound.
      const floorClient = await pool.connect();
      const t2 = performance.now();
      const steps: string[] = [];
      const step = async (name: string, run: () => Promise<unknown>) => {
        const at = performance.now();
        await run();
        steps.push(`${name} ${((performance.now() - at) / 1000).toFixed(2)}`);
      };
      try {
        await floorClient.query('BEGIN');
        await step('tickets', () =>
          floorClient.query(
            `UPDATE lottery_tickets SET status = 'lost', payout = 0, settled_at = now() WHERE draw_id = $1 AND status = 'pending'`,
            [drawId],
          ),
        );
        await step('holds', () =>
          floorClient.query(
            `UPDATE ledger_holds h SET status = 'posted', settled_at = clock_timestamp()
             FROM lottery_tickets t WHERE t.draw_id = $1 AND h.id = t.hold_id AND h.status = 'active'`,
            [drawId],
          ),
        );
        await step('held', () =>
          floorClient.query(
            `UPDATE ledger_accounts a SET held = a.held - s.total
             FROM (SELECT h.account_id, sum(h.amount) AS total FROM ledger_holds h JOIN lottery_tickets t ON h.id = t.hold_id
                    WHERE t.draw_id = $1 GROUP BY h.account_id) s
            WHERE a.id = s.account_id`,
            [drawId],
          ),
        );
        await step('rounds+events', () =>
          floorClient.query(
            `UPDATE bet_rounds b SET status = 'settled', valid_bet = b.bet_amount, settled_at = now()
             FROM lottery_tickets t WHERE t.draw_id = $1 AND b.source = 'lottery' AND b.provider = 'LOTT'
              AND b.round_ref = t.id::text AND b.status = 'open'`,
            [drawId],
          ),
        );
        await step('deferred checks', () => floorClient.query('SET CONSTRAINTS ALL IMMEDIATE'));
      } finally {
        await floorClient.query('ROLLBACK');
        floorClient.release();
      }
      const floor = (performance.now() - t2) / 1000;
      floors.push(floor);
      console.log(
        `repeat ${repeat + 1} floor (tickets, holds, held balances, rounds and their events) ${floor.toFixed(2)} s [${steps.join(', ')}]  (load ${load()})`,
      );

      // Settlement: draw it, then settle every ticket.
      const t1 = performance.now();
      const drawn = await services.lottery.drawDue();
      const draw = drawn.find((row) => row.id === drawId);
      if (!draw) throw new Error('the bench draw was not drawn');
      const settled = await services.lottery.settleDraw(draw);
      const seconds = (performance.now() - t1) / 1000;
      settlements.push(seconds);
      console.log(
        `repeat ${repeat + 1} settlement of ${settled} tickets ${seconds.toFixed(2)} s  ratio ${(seconds / baseline).toFixed(2)} to the baseline, ${(seconds / floor).toFixed(2)} to the floor  (load ${load()})`,
      );
    }

    const check = await pool.query<{ pending: number; closed: number; rounds: number; payouts: string; paid: string }>(
      `SELECT (SELECT count(*)::int FROM lottery_tickets WHERE status = 'pending') AS pending,
              (SELECT count(*)::int FROM lottery_tickets WHERE status IN ('won', 'lost')) AS closed,
              (SELECT count(*)::int FROM bet_rounds WHERE source = 'lottery' AND status = 'settled') AS rounds,
              (SELECT coalesce(sum(payout), 0)::text FROM lottery_tickets) AS payouts,
              (SELECT coalesce(sum(p.amount), 0)::text FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
                JOIN ledger_accounts a ON a.id = p.account_id
               WHERE t.type = 'lottery_payout' AND a.owner_type = 'member') AS paid`,
    );
    const counts = check.rows[0];
    const reconcile = await reconcileLedger(pool);
    const dirty = reconcile.filter((row) => row.discrepancies > 0);
    console.log(
      `after ${REPEATS} draws: ${counts?.closed} tickets closed, ${counts?.pending} pending, ${counts?.rounds} rounds settled; payouts on tickets ${counts?.payouts} = credited through the ledger ${counts?.paid}`,
    );
    console.log(`ledger reconcile: ${dirty.length === 0 ? 'clean' : JSON.stringify(dirty)}`);
    if (
      dirty.length > 0 ||
      counts?.pending !== 0 ||
      counts.closed !== TICKETS * REPEATS ||
      counts.payouts !== counts.paid
    ) {
      failed = true;
    }
    const settlement = median(settlements);
    const baseline = median(baselines);
    const floor = median(floors);
    console.log(
      `median of ${REPEATS}: settlement ${settlement.toFixed(2)} s for ${TICKETS} tickets (${Math.round(TICKETS / settlement)} tickets/s), baseline ${baseline.toFixed(2)} s (ratio ${(settlement / baseline).toFixed(2)}), floor of the necessary writes ${floor.toFixed(2)} s (ratio ${(settlement / floor).toFixed(2)}); target < 3 s; load ${load()}`,
    );
    await app.close();
  } finally {
    await drop();
  }
  if (failed) process.exitCode = 1;
};

await main();
