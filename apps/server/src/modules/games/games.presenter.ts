import type { AdminGame, AdminVendor, Game, GameCategory, VendorCard } from '@tessera/contracts';
import { artworkVersion } from './artwork';
import type { GameRow } from './games.repository';
import type { NameMap } from './games.schema';

/** The name in the asked language, else English, else any. */
export const nameIn = (names: NameMap, language: string | null | undefined): string =>
  (language ? names[language] : undefined) ?? names.EN ?? Object.values(names)[0] ?? '';

/** The generated artwork's URL; its version changes when what it is drawn from changes. */
export const generatedIconUrl = (
  row: Pick<GameRow, 'id' | 'catalogueNames' | 'vendorCode' | 'vendorPalette' | 'artworkVariant'>,
): string =>
  `/media/games/${row.id}/${row.artworkVariant}.svg?v=${artworkVersion([nameIn(row.catalogueNames, 'EN'), row.vendorCode, row.vendorPalette, row.artworkVariant])}`;

export const iconUrlOf = (row: GameRow): string => row.customIconUrl ?? generatedIconUrl(row);

export const vendorLogoUrl = (code: string): string => `/media/vendors/${encodeURIComponent(code)}.svg`;

export const presentGame = (row: GameRow, language: string | null | undefined): Game => {
  const name = nameIn(row.names, language);
  const icon = iconUrlOf(row);
  return {
    nodeId: String(row.id),
    gameId: String(row.id),
    gameName: name,
    nodeName: name,
    showIcon: icon,
    iconUrl: icon,
    lagerIcon: icon,
    vassalage: row.vendorCode,
    displayName: row.vendorName,
    gameType: row.gameType,
    gameClassify: row.classify,
    gameCode: row.gameCode,
    isHot: row.isHot ? 1 : 0,
    supportPlay: row.supportPlay,
    accountTypeName: row.accountTypeName,
    isGame: row.isGame,
    maintenance: row.maintenance,
  };
};

export const presentVendorCard = (card: {
  gameType: GameCategory;
  vendorCode: string;
  vendorName: string;
  gameCount: number;
  firstGameId: number;
  firstGameCode: string;
  accountTypeName: string;
  maintenance: boolean;
}): VendorCard => {
  const logo = vendorLogoUrl(card.vendorCode);
  // A vendor with one game in the category launches it; otherwise its card opens the vendor's game list.
  const single = card.gameCount === 1;
  return {
    vassalage: card.vendorCode,
    displayName: card.vendorName,
    gameType: card.gameType,
    lagerIcon: logo,
    smallIcon: logo,
    mobileSmallIcon: logo,
    h5Icon: logo,
    mobileLargeIcon: logo,
    isGame: single ? 'GAME' : 'VASSALAGE',
    gameCode: single ? card.firstGameCode : '',
    nodeId: single ? String(card.firstGameId) : '',
    gameId: single ? String(card.firstGameId) : '',
    accountTypeName: card.accountTypeName,
    gameCount: card.gameCount,
    maintenance: card.maintenance,
  };
};

export const presentAdminGame = (row: GameRow): AdminGame => ({
  nodeId: String(row.id),
  gameCode: row.gameCode,
  vassalage: row.vendorCode,
  gameType: row.gameType,
  gameClassify: row.classify,
  names: row.names,
  catalogueNames: row.catalogueNames,
  iconUrl: iconUrlOf(row),
  customIconUrl: row.customIconUrl,
  artworkVariant: row.artworkVariant,
  enabled: row.enabled,
  isHot: row.isHot,
  maintenance: row.maintenance,
  supportPlay: row.supportPlay,
  sort: row.sort,
});

export const presentAdminVendor = (vendor: {
  code: string;
  displayName: string;
  gameTypes: GameCategory[];
  providerCode: string | null;
  launchKind: string;
  gameCount: number;
  enabled: boolean;
  maintenance: boolean;
  sort: number;
}): AdminVendor => ({
  vassalage: vendor.code,
  displayName: vendor.displayName,
  gameTypes: vendor.gameTypes,
  provider: vendor.providerCode ?? vendor.launchKind,
  gameCount: vendor.gameCount,
  enabled: vendor.enabled,
  maintenance: vendor.maintenance,
  sort: vendor.sort,
  logoUrl: vendorLogoUrl(vendor.code),
});
