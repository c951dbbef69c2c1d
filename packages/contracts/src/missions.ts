import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { moneyStringSchema } from './wallet';

/**
 * Missions (issue 28; spec sections 1, 2 and 7): daily, weekly and one-off tasks a member completes by playing,
 * betting, depositing or logging in, each paying a reward through the ledger once claimed, and scoring points on
 * the mission leaderboard of the day and of the week. The two calls the member site names
 * (`MCSFE_getMissionSummaryDetails`, `MCSFE_getMissionLeaderboard`) carry no module id (api-facts 6.4).
 */

/** What a mission counts: settled rounds, valid bet, credited deposits, or distinct days logged in. */
export const missionKinds = ['rounds', 'valid_bet', 'deposit', 'login_days'] as const;
export type MissionKind = (typeof missionKinds)[number];

/** How often a mission starts again: each day, each week (from Monday), or once per member. */
export const missionPeriods = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

/** The game categories a rounds or valid-bet mission may be limited to (`all`: any game). */
export const missionCategories = ['all', 'live', 'lott', 'pvp', 'rng', 'sports', 'inhouse'] as const;
export type MissionCategory = (typeof missionCategories)[number];

export const missionStatuses = ['in_progress', 'completed', 'claimed'] as const;
export type MissionStatus = (typeof missionStatuses)[number];

/** The leaderboards: a day's and a week's mission points. */
export const missionBoardPeriods = ['daily', 'weekly'] as const;
export type MissionBoardPeriod = (typeof missionBoardPeriods)[number];

/** Whether a mission's target and progress are money (decimal strings) or whole counts. */
export const missionKindIsMoney = (kind: MissionKind): boolean => kind === 'valid_bet' || kind === 'deposit';

export const MISSION_TITLE_MAX = 80;
export const MISSION_DESCRIPTION_MAX = 300;
export const MISSION_SCORE_MAX = 1000;
export const MISSION_COUNT_TARGET_MAX = 1_000_000;
/** The top of a leaderboard the member site shows. */
export const MISSION_BOARD_TOP = 50;

export const missionSchema = z.object({
  id: z.string(),
  kind: z.enum(missionKinds),
  period: z.enum(missionPeriods),
  category: z.enum(missionCategories),
  /** The period this row counts in: `YYYY-MM-DD` (daily), the week's Monday (weekly) or `once`. */
  periodKey: z.string(),
  /** When the period ends (the mission starts again); null for a one-off. */
  endsAt: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** Money kinds: a decimal amount in the merchant's currency; other kinds: a whole count. */
  target: z.string(),
  progress: z.string(),
  reward: moneyStringSchema,
  /** Leaderboard points the mission scores when completed. */
  score: z.number().int(),
  status: z.enum(missionStatuses),
  completedAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionSummarySchema = z.object({
  currency: z.string(),
  /** Missions completed and not yet claimed: the red badge. */
  missionCount: z.number().int(),
  /** This period's row of every mission on offer, then earlier periods' rows still to be claimed. */
  missions: z.array(missionSchema),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

/** Realtime `missions.changed`, to the member: a mission completed; the missions and the red badge are read again. */
export const missionChangedEventSchema = z.object({ missionId: z.string() });

export const missionBoardEntrySchema = z.object({
  /** Competition rank: members with the same points share a rank. */
  rank: z.number().int(),
  /** The member's username, masked except its ends. */
  name: z.string(),
  score: z.number().int(),
  isMe: z.boolean(),
});

export const missionLeaderboardSchema = z.object({
  period: z.enum(missionBoardPeriods),
  periodKey: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Members with points in the period. */
  members: z.number().int(),
  top: z.array(missionBoardEntrySchema),
  /** The caller's own place: rank null while it has no points in the period. */
  me: z.object({ rank: z.number().int().nullable(), score: z.number().int() }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

export const missionClaimResultSchema = z.object({
  missionId: z.string(),
  periodKey: z.string(),
  reward: moneyStringSchema,
  currency: z.string(),
  missionCount: z.number().int(),
});

const periodKey = z
  .string({ message: 'field_invalid' })
  .regex(/^(once|\d{4}-\d{2}-\d{2})$/, { message: 'field_invalid' });

export const missionEndpoints = {
  summary: defineEndpoint({
    name: 'missions.summary',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    moduleIds: [],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: missionSummarySchema,
    summary:
      "The member's missions: this period's progress of each mission on offer (titles in the caller's language) and earlier completed ones not yet claimed; missionCount is the red badge.",
  }),
  leaderboard: defineEndpoint({
    name: 'missions.leaderboard',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionLeaderboard',
    moduleIds: [],
    access: access.member,
    encrypted: false,
    request: z.strictObject({
      period: z.enum(missionBoardPeriods, { message: 'field_not_allowed' }).default('daily'),
      /** 0: the current day or week; 1: the one before. */
      offset: z.coerce.number({ message: 'field_invalid' }).int({ message: 'field_invalid' }).min(0).max(1).default(0),
    }),
    response: missionLeaderboardSchema,
    summary:
      "The mission leaderboard of a day or week (the merchant's clock): the top members by mission points and the caller's own rank.",
  }),
  claim: defineEndpoint({
    name: 'missions.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimMission',
    moduleIds: [],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({ missionId: z.uuid({ message: 'field_invalid' }), periodKey }),
    response: missionClaimResultSchema,
    summary:
      "Claims a completed mission's reward into the main wallet, once. Errors: mission_not_found, mission_not_complete, mission_already_claimed.",
  }),
} as const;
