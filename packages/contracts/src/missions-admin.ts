import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import {
  MISSION_DESCRIPTION_MAX,
  MISSION_SCORE_MAX,
  MISSION_TITLE_MAX,
  missionCategories,
  missionKinds,
  missionPeriods,
} from './missions';
import { amountTextSchema } from './money';
import { moneyStringSchema } from './wallet';

/** The back office's mission editor (issue 28): missions per merchant with their figures; every change audited. */

const language = z.enum(languageCodes, { message: 'field_not_allowed' });

export const missionFiguresSchema = z.object({
  /** This period (today, this week, or ever for a one-off): members with progress, completed, claimed. */
  current: z.object({ members: z.number().int(), completed: z.number().int(), claimed: z.number().int() }),
  /** Every period together, with the rewards paid. */
  total: z.object({
    members: z.number().int(),
    completed: z.number().int(),
    claimed: z.number().int(),
    cost: moneyStringSchema,
  }),
});
export type MissionFigures = z.infer<typeof missionFiguresSchema>;

export const adminMissionSchema = z.object({
  id: z.string(),
  kind: z.enum(missionKinds),
  period: z.enum(missionPeriods),
  category: z.enum(missionCategories),
  /** Money kinds: a decimal amount; other kinds: a whole count. */
  target: z.string(),
  reward: moneyStringSchema,
  score: z.number().int(),
  titles: z.partialRecord(language, z.string()),
  descriptions: z.partialRecord(language, z.string()),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  currentPeriodKey: z.string(),
  figures: missionFiguresSchema,
  updatedAt: z.string(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminMissionListSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  defaultLanguage: z.enum(languageCodes),
  supportedLanguages: z.array(z.enum(languageCodes)),
  list: z.array(adminMissionSchema),
});

/**
 * A mission as the editor sends it. The target is judged by kind on the server (a whole count, or an amount in the
 * merchant's currency), the reward in the merchant's currency, and a title in the merchant's default language is
 * required; each failure is a field error under its field.
 */
export const missionInputSchema = z.strictObject({
  kind: z.enum(missionKinds, { message: 'field_not_allowed' }),
  period: z.enum(missionPeriods, { message: 'field_not_allowed' }),
  category: z.enum(missionCategories, { message: 'field_not_allowed' }),
  target: amountTextSchema,
  reward: amountTextSchema,
  score: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(MISSION_SCORE_MAX, { message: 'field_too_large' }),
  titles: z.partialRecord(language, z.string().max(MISSION_TITLE_MAX, { message: 'field_too_long' })),
  descriptions: z.partialRecord(language, z.string().max(MISSION_DESCRIPTION_MAX, { message: 'field_too_long' })),
  enabled: z.boolean(),
  sortOrder: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(9999, { message: 'field_too_large' }),
});
export type MissionInput = z.infer<typeof missionInputSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const missionParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid({ message: 'field_invalid' }) });

export const adminMissionEndpoints = {
  list: defineEndpoint({
    name: 'admin.missions',
    method: 'GET',
    path: '/api/admin/merchants/:code/missions',
    moduleIds: [],
    access: access.operator('missions.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminMissionListSchema,
    summary:
      "The merchant's missions with their figures: this period's members, completions and claims, and all periods' with the rewards paid.",
  }),
  create: defineEndpoint({
    name: 'admin.createMission',
    method: 'POST',
    path: '/api/admin/merchants/:code/missions',
    moduleIds: [],
    access: access.operator('missions.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: missionInputSchema,
    response: adminMissionSchema,
    summary: 'Adds a mission; audited (owner, finance). Bad fields answer validation_failed with field errors.',
  }),
  update: defineEndpoint({
    name: 'admin.updateMission',
    method: 'PUT',
    path: '/api/admin/merchants/:code/missions/:id',
    moduleIds: [],
    access: access.operator('missions.manage', 'merchant'),
    encrypted: false,
    params: missionParams,
    request: missionInputSchema,
    response: adminMissionSchema,
    summary:
      'Replaces a mission; audited with before and after. Rows members already started keep the target and reward they started with. Once members took part its kind and period no longer change (mission_in_use).',
  }),
} as const;
