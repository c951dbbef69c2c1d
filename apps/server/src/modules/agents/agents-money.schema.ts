import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A merchant's agent programme settings (decision 0075); a merchant without a row has the defaults (the depth
 * limit AGENT_TREE_MAX_DEPTH, agents may create agents, transfers to any downline, none to the upline, no rates).
 */
export const agentSettings = pgTable(
  'agent_settings',
  {
    merchantCode: text('merchant_code').primaryKey(),
    maxDepth: integer('max_depth').notNull(),
    agentsCreateAgents: boolean('agents_create_agents').notNull(),
    transferDown: text('transfer_down').notNull(),
    transferUp: boolean('transfer_up').notNull(),
    /** Game category → rebate rate in ppm. */
    defaultRates: jsonb('default_rates').$type<Record<string, number>>().notNull().default({}),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('agent_settings_max_depth', sql`${table.maxDepth} BETWEEN 1 AND 20`),
    check('agent_settings_transfer_down', sql`${table.transferDown} IN ('off', 'direct', 'any')`),
  ],
);
