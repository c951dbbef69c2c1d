import type pg from 'pg';
import type { FiguresRow } from './agents.repository';

/** A member of an agent's downline as the team lists name it. */
export interface DownlineMemberRow {
  memberId: string;
  account: string;
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which downline members a team list covers: all, one (already checked to be in the downline), or by account. */
const downlineFilter = (agentId: string, filter: { memberId?: string | undefined; account?: string | undefined }) => {
  const params: unknown[] = [agentId];
  let where = 'c.ancestor_id = $1 AND c.distance > 0';
  if (filter.memberId) {
    params.push(filter.memberId);
    where += ` AND c.descendant_id = $${params.length}`;
  }
  if (filter.account) {
    params.push(escapeLike(filter.account));
    where += ` AND n.account ILIKE $${params.length}`;
  }
  return { params, where };
};

/** The agents module's reads for the agent centre's team pages (over its own closure, nodes and rollups). */
/** The agent centre's team lists; `db` is the read replica when one is configured (decision 0161). */
export const createAgentsTeamRepository = (db: pg.Pool) => ({
  /** The downline members (every level) a team list covers, from the closure: one indexed range of the agent's rows. */
  downlineMembers: async (
    agentId: string,
    filter: { memberId?: string | undefined; account?: string | undefined },
  ): Promise<DownlineMemberRow[]> => {
    const { params, where } = downlineFilter(agentId, filter);
    const { rows } = await db.query<DownlineMemberRow>(
      `SELECT n.member_id AS "memberId", n.account FROM agent_closure c
         JOIN agent_nodes n ON n.member_id = c.descendant_id WHERE ${where}`,
      params,
    );
    return rows;
  },

  /** The summed own figures (rollups) of the downline members a filter covers, over a range of UTC days. */
  downlineFigures: async (
    agentId: string,
    range: { from: string; to: string },
    filter: { memberId?: string | undefined; account?: string | undefined },
  ): Promise<FiguresRow> => {
    const { params, where } = downlineFilter(agentId, filter);
    params.push(range.from, range.to);
    const { rows } = await db.query<FiguresRow>(
      `SELECT COALESCE(sum(r.deposits), 0)::bigint AS deposits, COALESCE(sum(r.deposit_count), 0)::int AS "depositCount",
              COALESCE(sum(r.withdrawals), 0)::bigint AS withdrawals,
              COALESCE(sum(r.withdrawal_count), 0)::int AS "withdrawalCount",
              COALESCE(sum(r.bets), 0)::bigint AS bets, COALESCE(sum(r.valid_bets), 0)::bigint AS "validBets",
              COALESCE(sum(r.payouts), 0)::bigint AS payouts, COALESCE(sum(r.bet_count), 0)::int AS "betCount"
         FROM agent_closure c JOIN agent_nodes n ON n.member_id = c.descendant_id
         JOIN agent_daily_rollups r ON r.member_id = c.descendant_id
        WHERE ${where} AND r.day BETWEEN $${params.length - 1}::date AND $${params.length}::date`,
      params,
    );
    return rows[0] as FiguresRow;
  },
});

export type AgentsTeamRepository = ReturnType<typeof createAgentsTeamRepository>;
