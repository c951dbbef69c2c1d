import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_ROLLS,
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  LIMBO_CAP,
  LIMBO_MIN_TARGET,
  MINES_TILES,
  PLINKO_ROWS,
  type SeededBet,
} from '@tessera/engines';

/**
 * The verification page's per-game form, as strings the player types, and its mapping to and from the engines'
 * SeededBet. Nothing here throws: bad input gives field errors (i18n keys with their values).
 *
 * Shown units: dice target as a roll 0.01 … 99.98 (engine: hundredths), limbo target as a multiplier 1.01 …
 * (engine: hundredths), mines tiles numbered 1 … 25 (engine: 0 … 24), keno numbers 1 … 40 (as the engine).
 */
export type SeededGame = SeededBet['game'];
export const seededGames: readonly SeededGame[] = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'];

export type ChoiceField = 'target' | 'direction' | 'rows' | 'risk' | 'picks' | 'mines' | 'tiles';
export type Choices = Partial<Record<ChoiceField, string>>;

/** The fields each game's form shows; they are also the verify link's query parameters. */
export const choiceFieldsOf: Readonly<Record<SeededGame, readonly ChoiceField[]>> = {
  dice: ['target', 'direction'],
  limbo: ['target'],
  plinko: ['rows', 'risk'],
  keno: ['picks', 'risk'],
  mines: ['mines', 'tiles'],
  slot: [],
};

export const defaultChoices: Readonly<Record<SeededGame, Choices>> = {
  dice: { target: '50.00', direction: 'under' },
  limbo: { target: '2.00' },
  plinko: { rows: '12', risk: 'medium' },
  keno: { picks: '', risk: 'medium' },
  mines: { mines: '3', tiles: '' },
  slot: {},
};

export type FieldError = { readonly key: string; readonly values?: Readonly<Record<string, string | number>> };
export type ChoiceErrors = Partial<Record<ChoiceField, FieldError>>;
export type ChoicesResult = { ok: true; bet: SeededBet } | { ok: false; errors: ChoiceErrors };

/** i18n keys (namespace 'inhouse') of the field errors; the dynamic-keys test holds every one. */
export const verifyFieldErrorKeys = {
  pickOption: 'ih_verify_pick_option',
  numberRange: 'ih_verify_number_range',
  wholeRange: 'ih_verify_whole_range',
  kenoPicks: 'ih_verify_keno_picks',
  minesTiles: 'ih_verify_mines_tiles',
} as const;

const RISKS = ['low', 'medium', 'high'] as const;
type Risk = (typeof RISKS)[number];

const hundredthsText = (value: number): string => (value / 100).toFixed(2);

/** "50", "50.5", "50.50" or "50,50" → 5050; anything else → null. */
export const parseHundredths = (text: string): number | null => {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** "3, 11 19;27" → [3, 11, 19, 27]; a part that is not a whole number → null. */
export const parseNumberList = (text: string): number[] | null => {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
};

const parseWhole = (text: string | undefined): number | null =>
  /^\d{1,6}$/.test((text ?? '').trim()) ? Number((text ?? '').trim()) : null;

const isRisk = (value: string | undefined): value is Risk => (RISKS as readonly string[]).includes(value ?? '');

const pickOption: FieldError = { key: verifyFieldErrorKeys.pickOption };

/** The dice targets that leave 1 … 9,800 winning rolls, in hundredths. */
export const diceTargetRange = (direction: 'under' | 'over'): { min: number; max: number } =>
  direction === 'under'
    ? { min: DICE_MIN_WINNING_ROLLS, max: DICE_MAX_WINNING_ROLLS }
    : { min: DICE_ROLLS - 1 - DICE_MAX_WINNING_ROLLS, max: DICE_ROLLS - 1 - DICE_MIN_WINNING_ROLLS };

const numberRange = (min: number, max: number): FieldError => ({
  key: verifyFieldErrorKeys.numberRange,
  values: { min: hundredthsText(min), max: hundredthsText(max) },
});

const wholeRange = (min: number, max: number): FieldError => ({
  key: verifyFieldErrorKeys.wholeRange,
  values: { min, max },
});

const distinctWithin = (list: readonly number[] | null, max: number, count: number): list is number[] =>
  list !== null &&
  list.length >= 1 &&
  list.length <= count &&
  new Set(list).size === list.length &&
  list.every((n) => n >= 1 && n <= max);

/** The form's strings → the bet the engine recomputes, or one error per bad field. */
export const betFromChoices = (game: SeededGame, choices: Choices): ChoicesResult => {
  const errors: ChoiceErrors = {};
  const done = (bet: SeededBet): ChoicesResult =>
    Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, bet };
  switch (game) {
    case 'dice': {
      const direction = choices.direction;
      const target = parseHundredths(choices.target ?? '');
      if (direction !== 'under' && direction !== 'over') {
        errors.direction = pickOption;
        if (target === null) errors.target = numberRange(0, DICE_ROLLS - 1);
        return { ok: false, errors };
      }
      const range = diceTargetRange(direction);
      if (target === null || target < range.min || target > range.max)
        errors.target = numberRange(range.min, range.max);
      return done({ game, params: { target: target ?? 0, direction } });
    }
    case 'limbo': {
      const target = parseHundredths(choices.target ?? '');
      if (target === null || target < LIMBO_MIN_TARGET || target > LIMBO_CAP) {
        errors.target = numberRange(LIMBO_MIN_TARGET, LIMBO_CAP);
      }
      return done({ game, params: { target: target ?? 0 } });
    }
    case 'plinko': {
      const rows = parseWhole(choices.rows);
      const valid = PLINKO_ROWS.find((r) => r === rows);
      if (valid === undefined) errors.rows = wholeRange(PLINKO_ROWS[0] ?? 8, PLINKO_ROWS[PLINKO_ROWS.length - 1] ?? 16);
      if (!isRisk(choices.risk)) errors.risk = pickOption;
      return done({ game, params: { rows: valid ?? 8, risk: isRisk(choices.risk) ? choices.risk : 'low' } });
    }
    case 'keno': {
      const picks = parseNumberList(choices.picks ?? '');
      if (!distinctWithin(picks, KENO_NUMBERS, KENO_MAX_PICKS)) {
        errors.picks = { key: verifyFieldErrorKeys.kenoPicks, values: { max: KENO_MAX_PICKS, numbers: KENO_NUMBERS } };
      }
      if (!isRisk(choices.risk)) errors.risk = pickOption;
      return done({ game, params: { picks: picks ?? [], risk: isRisk(choices.risk) ? choices.risk : 'low' } });
    }
    case 'mines': {
      const mines = parseWhole(choices.mines);
      const minesOk = mines !== null && mines >= 1 && mines <= MINES_TILES - 1;
      if (!minesOk) errors.mines = wholeRange(1, MINES_TILES - 1);
      const safeTiles = MINES_TILES - (minesOk ? mines : 1);
      const tiles = parseNumberList(choices.tiles ?? '');
      if (!distinctWithin(tiles, MINES_TILES, safeTiles)) {
        errors.tiles = { key: verifyFieldErrorKeys.minesTiles, values: { max: safeTiles, tiles: MINES_TILES } };
      }
      return done({ game, params: { mines: mines ?? 0, picks: (tiles ?? []).map((tile) => tile - 1) } });
    }
    case 'slot':
      return done({ game, params: {} });
  }
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string | undefined =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;

const hundredthsOf = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? hundredthsText(value) : text(value);

const listOf = (value: unknown, shift: number): string | undefined =>
  Array.isArray(value)
    ? value.map((n) => (typeof n === 'number' ? String(n + shift) : String(n))).join(', ')
    : undefined;

/**
 * A recorded bet's params (as the server stores them, or as an old verify link's JSON carried them) → the form.
 * Missing or odd values fall back to the game's defaults or stay as text for the form to flag; never throws.
 */
export const choicesFromParams = (game: SeededGame, params: unknown): Choices => {
  const p = record(params);
  const fields: Choices = {
    target: game === 'dice' || game === 'limbo' ? hundredthsOf(p.target) : undefined,
    direction: text(p.direction),
    rows: text(p.rows),
    risk: text(p.risk),
    picks: game === 'keno' ? listOf(p.picks, 0) : undefined,
    mines: text(p.mines),
    tiles: game === 'mines' ? listOf(p.picks, 1) : undefined,
  };
  return pickFields(game, fields);
};

const pickFields = (game: SeededGame, fields: Choices): Choices => {
  const picked: Choices = {};
  for (const field of choiceFieldsOf[game]) picked[field] = fields[field] ?? defaultChoices[game][field] ?? '';
  return picked;
};

/**
 * A verify link's query → the form: the per-field parameters this page writes (target, direction, rows, risk,
 * picks, mines, tiles) or, from links made before the form, `params` holding the recorded JSON.
 */
export const choicesFromSearch = (game: SeededGame, search: URLSearchParams): Choices => {
  const legacy = search.get('params');
  if (legacy !== null && !choiceFieldsOf[game].some((field) => search.has(field))) {
    try {
      return choicesFromParams(game, JSON.parse(legacy));
    } catch {
      return pickFields(game, {});
    }
  }
  const fields: Choices = {};
  for (const field of choiceFieldsOf[game]) fields[field] = search.get(field) ?? undefined;
  return pickFields(game, fields);
};

/** The form's fields as a verify link's query parameters. */
export const choicesToSearch = (game: SeededGame, choices: Choices): [string, string][] =>
  choiceFieldsOf[game].map((field) => [field, choices[field] ?? '']);
