import { describe, expect, it } from 'vitest';
import { contractSuite, type ContractMember as Member } from '../../test/agent-contracts';
import type { TestApp } from '../../test/test-app';
import { verifyStatements } from './statement-check';

/**
 * `npm run contracts:verify` (issue 25's "each statement equals a recomputation from the raw rounds"): the demo's four
 * kinds of contract settle a day of rounds, the check recomputes each statement from bet_rounds and finds them equal;
 * a round or a statement changed afterwards is caught.
 */

let t: TestApp;

const { newMember, play } = contractSuite(async (app) => {
  t = app;
});

const check = async () => {
  const lines: string[] = [];
  const outcome = await verifyStatements(t.database.pool, { merchant: 'demo' }, (line) => lines.push(line));
  return { ...outcome, lines };
};

describe('contracts:verify', () => {
  let player: Member;
  let other: Member;

  it('recomputes every statement of the four kinds from the raw rounds and finds them equal', async () => {
    const top = await newMember('cvtop', null, 1);
    const agent = await newMember('cvagent', top.id, 1);
    player = await newMember('cvplayer', agent.id, 0);
    other = await newMember('cvother', agent.id, 0);
    await t.services.events.drain();
    expect(await t.services.agentContracts.seedDemo({ merchantCode: 'demo', currency: 'USD', content: false })).toBe(4);
    await play(player, 2_000n, 0n); // lost 20.00
    await play(player, 1_000n, 2_500n); // won
    await play(other, 5_000n, 1_000n); // lost 40.00
    await play(other, 50n, 0n); // under the real-time salary's single-bet minimum of 1.00
    await t.services.events.drain();
    await t.services.agentContracts.settleDue(new Date(Date.now() + 86_400_000 + 120_000));
    const kinds = await t.database.pool.query<{ kind: string; paid: string }>(
      `SELECT kind, sum(paid)::text AS paid FROM agent_contract_statements GROUP BY kind ORDER BY kind`,
    );
    // Every kind settled and paid something: the check below compares real amounts, not zeros.
    expect(kinds.rows.map((row) => row.kind)).toEqual(['daily', 'dividend', 'hourly', 'realtime']);
    expect(kinds.rows.every((row) => BigInt(row.paid) > 0n)).toBe(true);
    const { statements, mismatches, lines } = await check();
    expect(statements).toBeGreaterThanOrEqual(4);
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(mismatches).toBe(0);
    expect(lines.at(-1)).toContain('all match; hash chains intact');
  });

  it('catches a round changed after it was settled, and a statement rewritten', async () => {
    await t.database.pool.query(
      `UPDATE bet_rounds SET valid_bet = valid_bet + 10000 WHERE member_id = $1 AND bet_amount = 5000`,
      [other.id],
    );
    const changedRound = await check();
    // The round counts in the real-time, hourly, dividend and daily statements of its period.
    expect(changedRound.mismatches).toBe(4);
    const failing = changedRound.lines.filter((line) => line.startsWith('FAIL'));
    expect(failing.every((line) => /validBet (\d+) ≠ (\d+)/.test(line))).toBe(true);
    for (const line of failing) {
      const [, written, again] = /validBet (\d+) ≠ (\d+)/.exec(line) as RegExpExecArray;
      expect(Number(again) - Number(written)).toBe(10_000);
    }
    await t.database.pool.query(
      `UPDATE bet_rounds SET valid_bet = valid_bet - 10000 WHERE member_id = $1 AND bet_amount = 5000`,
      [other.id],
    );
    expect((await check()).mismatches).toBe(0);

    await t.database.pool.query(`UPDATE agent_contract_statements SET amount = amount + 1 WHERE kind = 'realtime'`);
    const rewritten = await check();
    expect(rewritten.mismatches).toBe(1);
    const failed = rewritten.lines.find((line) => line.startsWith('FAIL')) ?? '';
    expect(failed).toContain('realtime');
    expect(failed).toContain('hash chain broken at seq 1');
    expect(rewritten.lines.at(-1)).toContain('1 do not match; hash chains BROKEN');
  });
});
