/**
 * A game (or vendor entry) as the lobby draws it: the fields of spec section 3 "Game" the cards, the launch rules
 * and the favourites read, in one shape whatever call the entry came from.
 */
export interface LobbyGame {
  nodeId: string;
  name: string;
  iconUrl: string | null;
  vassalage: string;
  /** The provider's display name. */
  vendorName: string;
  gameType: string;
  gameClassify: string | null;
  gameCode: string | null;
  isHot: boolean;
  /** 0 means a free trial is offered. */
  supportPlay: number;
  /** VASSALAGE: the entry opens its provider's game list. */
  isGame: string | null;
  /** The game or its vendor is under maintenance on this merchant. */
  isMaintenance: boolean;
}

/** One page of games and how many pages there are. */
export interface GamePage {
  games: LobbyGame[];
  totalPages: number;
}

/** A provider (vendor) of a category, as the lanes list it (api-facts 8.1). */
export interface LobbyVendor {
  vassalage: string;
  displayName: string;
  logoUrl: string | null;
  gameType: string;
  /** VASSALAGE: the vendor opens its game list popup. */
  isGame: string | null;
  nodeId: string;
  gameCode: string | null;
  accountTypeName: string | null;
  isMaintenance: boolean;
  /** The vendor's games in this category on this merchant. */
  gameCount: number;
}

/** A classification of a category's games, named in the member's language. */
export interface LobbyClassify {
  key: string;
  displayName: string;
  gameCount: number;
}

/** A category lane: its vendors and classifications (spec section 3 "Vendor category"). */
export interface LobbyLane {
  title: string;
  vendors: LobbyVendor[];
  classifications: LobbyClassify[];
}
