import type { Game, VendorLane } from '@tessera/contracts';
import type { LobbyGame, LobbyLane } from '../game-item';

/** A game of any lobby call, as the cards draw it. */
export const toLobbyGame = (game: Game): LobbyGame => ({
  nodeId: game.nodeId,
  name: game.gameName || game.nodeName,
  iconUrl: game.iconUrl || game.showIcon || game.lagerIcon || null,
  vassalage: game.vassalage,
  vendorName: game.displayName,
  gameType: game.gameType,
  gameClassify: game.gameClassify,
  gameCode: game.gameCode || null,
  isHot: game.isHot === 1,
  supportPlay: game.supportPlay,
  isGame: game.isGame,
  isMaintenance: game.maintenance,
});

export const toLobbyLane = (lane: VendorLane): LobbyLane => ({
  title: lane.title,
  vendors: lane.cards.map((card) => ({
    vassalage: card.vassalage,
    displayName: card.displayName,
    logoUrl: card.smallIcon || card.lagerIcon || null,
    gameType: card.gameType,
    isGame: card.isGame,
    nodeId: card.nodeId,
    gameCode: card.gameCode || null,
    accountTypeName: card.accountTypeName || null,
    isMaintenance: card.maintenance,
    gameCount: card.gameCount,
  })),
  classifications: lane.gameClassify.map((item) => ({
    key: item.key,
    displayName: item.displayName,
    gameCount: item.gameCount,
  })),
});
