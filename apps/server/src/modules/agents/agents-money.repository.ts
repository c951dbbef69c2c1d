import type { AgentTransferDownRule } from '@tessera/contracts';
import type pg from 'pg';
import type { Executor } from './agents.repository';

/** A merchant's agent settings as stored; rates are ppm per game category. */
export interface AgentSettingsRow {
  maxDepth: number;
  agentsCreateAgents: boolean;
  transferDown: AgentTransferDownRule;
  transferUp: boolean;
  defaultRates: Record<string, number>;
}

const SETTINGS_COLUMNS = `max_depth AS "maxDepth", agents_create_agents AS "agentsCreateAgents",
  transfer_down AS "transferDown", transfer_up AS "transferUp", default_rates AS "defaultRates"`;

/** Agent settings, freezing, and the locks a transfer takes (decision 0075). */
export const createAgentsMoneyRepository = (pool: pg.Pool) => ({
  settings: async (merchantCode: string, db: Executor = pool): Promise<AgentSettingsRow | null> => {
    const { rows } = await db.query<AgentSettingsRow>(
      `SELECT ${SETTINGS_COLUMNS} FROM agent_settings WHERE merchant_code = $1`,
      [merchantCode],
    );
    return rows[0] ?? null;
  },

  saveSettings: async (
    client: Executor,
    merchantCode: string,
    settings: AgentSettingsRow,
    updatedBy: string,
  ): Promise<AgentSettingsRow> => {
    const { rows } = await client.query<AgentSettingsRow>(
      `INSERT INTO agent_settings (merchant_code, max_depth, agents_create_agents, transfer_down, transfer_up,
                                   default_rates, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       ON CONFLICT (merchant_code) DO UPDATE SET max_depth = EXCLUDED.max_depth,
         agents_create_agents = EXCLUDED.agents_create_agents, transfer_down = EXCLUDED.transfer_down,
         transfer_up = EXCLUDED.transfer_up, default_rates = EXCLUDED.default_rates,
         updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING ${SETTINGS_COLUMNS}`,
      [
        merchantCode,
        settings.maxDepth,
        settings.agentsCreateAgents,
        settings.transferDown,
        settings.transferUp,
        JSON.stringify(settings.defaultRates),
        updatedBy,
      ],
    );
    return rows[0] as AgentSettingsRow;
  },

  /**
   * The agent's profile row locked for the caller's transaction (shared: transfers run side by side, a freeze waits
   * for them and they for it). null: no agent of this merchant.
   */
  lockProfileShared: async (
    client: Executor,
    merchantCode: string,
    memberId: string,
  ): Promise<{ frozen: boolean; rates: Record<string, number> } | null> => {
    const { rows } = await client.query<{ frozen: boolean; rates: Record<string, number> }>(
      'SELECT frozen, rates FROM agent_profiles WHERE member_id = $1 AND merchant_code = $2 FOR SHARE',
      [memberId, merchantCode],
    );
    return rows[0] ?? null;
  },

  /**
   * The nearest agent above a member (its upline, or higher where the upline is no agent), its profile row held
   * FOR SHARE so that its rates cannot rise or fall while an operator sets the member's (decision 0099); null: none.
   */
  lockNearestUplineAgent: async (
    client: Executor,
    memberId: string,
  ): Promise<{ memberId: string; account: string; rates: Record<string, number> } | null> => {
    const { rows } = await client.query<{ memberId: string; account: string; rates: Record<string, number> }>(
      `SELECT p.member_id AS "memberId", n.account, p.rates
         FROM agent_closure c
         JOIN agent_profiles p ON p.member_id = c.ancestor_id
         JOIN agent_nodes n ON n.member_id = c.ancestor_id
        WHERE c.descendant_id = $1 AND c.distance > 0
        ORDER BY c.distance
        LIMIT 1
        FOR SHARE OF p`,
      [memberId],
    );
    return rows[0] ?? null;
  },

  /** A downline agent's profile row locked for changing its rates; null: no agent of this merchant. */
  lockProfileForUpdate: async (
    client: Executor,
    merchantCode: string,
    memberId: string,
  ): Promise<{ rates: Record<string, number> } | null> => {
    const { rows } = await client.query<{ rates: Record<string, number> }>(
      'SELECT rates FROM agent_profiles WHERE member_id = $1 AND merchant_code = $2 FOR UPDATE',
      [memberId, merchantCode],
    );
    return rows[0] ?? null;
  },

  /**
   * Replaces an agent's rates (ppm per category) and lowers every rate of its downline agents that is above the
   * new one of its category (a category the agent no longer has drops out below it): one statement over the
   * closure, so nobody below an agent keeps more than it has (decision 0090). Answers how many were lowered.
   */
  setRates: async (client: Executor, memberId: string, rates: Record<string, number>): Promise<number> => {
    await client.query('UPDATE agent_profiles SET rates = $2::jsonb WHERE member_id = $1', [
      memberId,
      JSON.stringify(rates),
    ]);
    const { rowCount } = await client.query(
      `UPDATE agent_profiles p
          SET rates = (SELECT COALESCE(jsonb_object_agg(e.key, least(e.value::int, COALESCE(($2::jsonb ->> e.key)::int, 0)))
                                         FILTER (WHERE COALESCE(($2::jsonb ->> e.key)::int, 0) > 0), '{}'::jsonb)
                         FROM jsonb_each_text(p.rates) e)
        WHERE p.member_id IN (SELECT descendant_id FROM agent_closure WHERE ancestor_id = $1 AND distance > 0)
          AND EXISTS (SELECT 1 FROM jsonb_each_text(p.rates) e
                       WHERE e.value::int > COALESCE(($2::jsonb ->> e.key)::int, 0))`,
      [memberId, JSON.stringify(rates)],
    );
    return rowCount ?? 0;
  },

  /** Sets the frozen flag; false when the member has no profile (no agent) of this merchant. */
  setFrozen: async (client: Executor, merchantCode: string, memberId: string, frozen: boolean): Promise<boolean> => {
    const { rowCount } = await client.query(
      'UPDATE agent_profiles SET frozen = $3 WHERE member_id = $1 AND merchant_code = $2',
      [memberId, merchantCode, frozen],
    );
    return (rowCount ?? 0) > 0;
  },

  /** The accounts of members, by id (the tree's copies). */
  accountsOf: async (memberIds: readonly string[], db: Executor = pool): Promise<Map<string, string>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await db.query<{ memberId: string; account: string }>(
      'SELECT member_id AS "memberId", account FROM agent_nodes WHERE member_id = ANY($1::uuid[])',
      [memberIds],
    );
    return new Map(rows.map((row) => [row.memberId, row.account]));
  },

  /** How far below `agentId` each of `memberIds` sits (members outside its subtree are absent). */
  distancesBelow: async (
    agentId: string,
    memberIds: readonly string[],
    db: Executor = pool,
  ): Promise<Map<string, number>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await db.query<{ memberId: string; distance: number }>(
      `SELECT descendant_id AS "memberId", distance FROM agent_closure
        WHERE ancestor_id = $1 AND descendant_id = ANY($2::uuid[]) AND distance > 0`,
      [agentId, memberIds],
    );
    return new Map(rows.map((row) => [row.memberId, row.distance]));
  },
});

export type AgentsMoneyRepository = ReturnType<typeof createAgentsMoneyRepository>;
