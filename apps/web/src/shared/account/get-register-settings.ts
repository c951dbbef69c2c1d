import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints, type RegisterRules, registerRulesSchema } from '@tessera/contracts';
import { callEndpoint } from '../api/call-endpoint';
import { queryKeyOf } from '../api/query-key';
import { readSession, writeSession } from '../storage/browser-storage';

/** Registration rules are cached in session storage (spec section 9), under `validate` (api-facts 6.1). */
const CACHE_KEY = 'validate';

const cachedRules = (): RegisterRules | undefined => {
  const text = readSession(CACHE_KEY);
  if (!text) return undefined;
  try {
    const parsed = registerRulesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export const getRegisterSettings = async (signal?: AbortSignal): Promise<RegisterRules> => {
  const rules = await callEndpoint(memberEndpoints.registerSettings, { signal });
  writeSession(CACHE_KEY, JSON.stringify(rules));
  return rules;
};

export const registerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(memberEndpoints.registerSettings),
    queryFn: ({ signal }) => getRegisterSettings(signal),
    initialData: cachedRules,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The merchant's registration field rules (also the password rule of every password form). */
export const useRegisterSettings = () => useQuery(registerSettingsQueryOptions());
