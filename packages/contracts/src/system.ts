import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { languageCodes } from './languages';
import { domainRouteSchema, registerRulesSchema, resourceSchema, whitelabelNodeSchema } from './merchants';

const noQuery = z.strictObject({});

export const customerServicePublicSchema = z.object({
  csType: z.string(),
  title: z.string(),
  /** Obfuscated URL, see customer-service-path.ts. */
  path: z.string(),
});

/** System status 0 normal, 1 maintenance, 2 region restricted (spec section 4 "Site start"). */
export const systemStatusValueSchema = z.object({
  merchantCode: z.string(),
  maintenance: z.boolean(),
  maintainTime: z.string().nullable(),
  endTime: z.string().nullable(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  info: z.object({
    customerService: z.array(customerServicePublicSchema),
    domainRoute: z.array(domainRouteSchema),
    resources: z.array(resourceSchema),
    whitelabel: z.array(whitelabelNodeSchema),
    register: registerRulesSchema,
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    site: z.object({
      name: z.string(),
      currency: z.string(),
      timeZone: z.string(),
      defaultLanguage: z.enum(languageCodes),
      supportedLanguages: z.array(z.enum(languageCodes)),
      themeTokens: z.object({
        light: z.record(z.string(), z.string()),
        dark: z.record(z.string(), z.string()),
      }),
    }),
  }),
});
export type SystemStatusValue = z.infer<typeof systemStatusValueSchema>;

/** 0 normal, 1 maintenance, 2 region restricted; maintenance wins. */
export const systemStatusOf = (value: Pick<SystemStatusValue, 'maintenance' | 'regionRestriction'>): 0 | 1 | 2 =>
  value.maintenance ? 1 : value.regionRestriction ? 2 : 0;

export const systemEndpoints = {
  status: defineEndpoint({
    name: 'system.status',
    method: 'GET',
    path: '/wps/system/status',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    openDuringRestriction: true,
    request: noQuery,
    response: systemStatusValueSchema,
    summary: 'Site start: permissions, configuration, maintenance and region restriction for the caller.',
  }),
  whitelabel: defineEndpoint({
    name: 'system.whitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    openDuringRestriction: true,
    request: noQuery,
    response: z.array(whitelabelNodeSchema),
    summary: "The merchant's whitelabel feature tree.",
  }),
  domainRoute: defineEndpoint({
    name: 'system.domainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    openDuringRestriction: true,
    request: noQuery,
    response: z.array(domainRouteSchema),
    summary: 'The mirror-site / line-detection list.',
  }),
} as const;
