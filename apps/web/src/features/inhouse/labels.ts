import type { InhouseGame } from '@tessera/contracts';

/** i18n keys (namespace 'inhouse') chosen at run time; the dynamic-keys test holds every one. */
export const gameNameKeys: Readonly<Record<InhouseGame, string>> = {
  dice: 'ih_game_dice',
  limbo: 'ih_game_limbo',
  mines: 'ih_game_mines',
  plinko: 'ih_game_plinko',
  keno: 'ih_game_keno',
  slot: 'ih_game_slot',
  crash: 'ih_game_crash',
};

export const gameRulesKeys: Readonly<Record<InhouseGame, string>> = {
  dice: 'ih_rules_dice',
  limbo: 'ih_rules_limbo',
  mines: 'ih_rules_mines',
  plinko: 'ih_rules_plinko',
  keno: 'ih_rules_keno',
  slot: 'ih_rules_slot',
  crash: 'ih_rules_crash',
};

export const slotSymbolKeys: Readonly<Record<string, string>> = {
  wild: 'ih_symbol_wild',
  scatter: 'ih_symbol_scatter',
  seven: 'ih_symbol_seven',
  bell: 'ih_symbol_bell',
  melon: 'ih_symbol_melon',
  grape: 'ih_symbol_grape',
  orange: 'ih_symbol_orange',
  lemon: 'ih_symbol_lemon',
  cherry: 'ih_symbol_cherry',
};

export const riskKeys: Readonly<Record<'low' | 'medium' | 'high', string>> = {
  low: 'ih_risk_low',
  medium: 'ih_risk_medium',
  high: 'ih_risk_high',
};
