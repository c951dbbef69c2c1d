import { type LanguageCode, languageCodes } from '@tessera/contracts';

/**
 * The title of a promotion, red envelope or raffle in the operator's language, else in the merchant's default
 * language, else in any language it has ('' when none).
 */
export const titleOf = (
  item: { texts: Partial<Record<LanguageCode, { title: string }>> },
  language: string,
  fallback: LanguageCode,
): string => {
  const asked = languageCodes.find((code) => code === language);
  return (
    (asked ? item.texts[asked]?.title : undefined) ??
    item.texts[fallback]?.title ??
    Object.values(item.texts)[0]?.title ??
    ''
  );
};
