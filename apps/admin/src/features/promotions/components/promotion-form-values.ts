import type { LanguageCode, PromotionInput } from '@tessera/contracts';

/** One language's text and picture as the editor holds it. */
export type TextValues = { title: string; summary: string; content: string; imageUrl: string };

/** What the form holds: the input's fields, numbers as typed, the text of every language of the merchant. */
export type PromotionFormValues = Omit<
  PromotionInput,
  'texts' | 'startsAt' | 'endsAt' | 'sort' | 'percent' | 'wageringMultiple' | 'bonusExpiryDays' | 'minVipLevel'
> & {
  texts: Partial<Record<LanguageCode, TextValues>>;
  startsAt: string | null;
  endsAt: string | null;
  sort: string;
  percent: string;
  wageringMultiple: string;
  bonusExpiryDays: string;
  minVipLevel: string;
};
