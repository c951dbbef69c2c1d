/**
 * The sandbox's test cards: one always succeeds, one is always declined, any other number is refused as
 * invalid (the payment stays pending). Any expiry from the current month on and any 3-digit CVC are accepted.
 */
export const SUCCEEDING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export type CardForm = Record<CardField, string>;

export type CardCheck =
  | { ok: true; outcome: 'succeeded' | 'failed'; last4: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

const EXPIRY = /^(0?[1-9]|1[0-2])\s*\/?\s*([0-9]{2})$/;
export const MAX_NAME_LENGTH = 100;

/** `"4242424242424242"` → `"4242 4242 4242 4242"`. */
export const groupCardNumber = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Checks the submitted card against the test cards; `now` decides which expiry dates are still in the future. */
export const checkCard = (form: CardForm, now: Date): CardCheck => {
  const errors: Partial<Record<CardField, string>> = {};

  const number = form.number.replace(/[\s-]/g, '');
  if (number === '') errors.number = 'Enter the card number.';
  else if (number !== SUCCEEDING_CARD && number !== DECLINED_CARD) {
    errors.number = 'This card number is not valid. Use one of the sandbox test cards below.';
  }

  const expiry = EXPIRY.exec(form.expiry.trim());
  if (form.expiry.trim() === '') errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry as MM/YY.';
  else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    // A card is valid through the last day of its expiry month.
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) errors.expiry = 'This card has expired.';
  }

  const cvc = form.cvc.trim();
  if (cvc === '') errors.cvc = 'Enter the security code.';
  else if (!/^[0-9]{3}$/.test(cvc)) errors.cvc = 'The security code is 3 digits.';

  const name = form.name.trim();
  if (name === '') errors.name = 'Enter the name on the card.';
  else if (name.length > MAX_NAME_LENGTH) errors.name = `The name can be at most ${MAX_NAME_LENGTH} characters.`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, outcome: number === SUCCEEDING_CARD ? 'succeeded' : 'failed', last4: number.slice(-4) };
};
