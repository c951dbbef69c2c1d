import { type LanguageCode, memberEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../api/call-endpoint';

/** Stores the signed-in member's interface language (spec section 7 "Language"). */
export const updateLanguage = (language: LanguageCode) =>
  callEndpoint(memberEndpoints.updateLanguage, { body: { language } });
