/** Spec section 5: the birthday check confirms age 21 (the agreement text shows 18). */
export const MINIMUM_AGE = 21;

/** The age shown in the terms text (spec section 9). */
export const TERMS_AGE = 18;

/** A date input's yyyy-MM-dd value in the format the merchant's rule expects (pattern 13 is MM-dd-yyyy). */
export const birthdayForPattern = (isoDate: string, patternId: number): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || patternId !== 13) return isoDate;
  return `${match[2]}-${match[3]}-${match[1]}`;
};

/** Whole years from a yyyy-MM-dd birthday to `today` (UTC), or null if it is not a date. */
export const ageOn = (isoDate: string, today: Date): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
};
