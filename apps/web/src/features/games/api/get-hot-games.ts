import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Game, gameSchema, gamesEndpoints, pageAnswerNames, siteHotGamesQuery } from '@tessera/contracts';
import { z } from 'zod';
import { callEndpointOrPageAnswer } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { createSessionCache } from './session-cache';
import { toLobbyGame } from './to-lobby';

const cache = createSessionCache('HOT_GAMES', z.array(gameSchema));

/** A first visit's hot games in the merchant's default language come in the page (decision 0034). */
const getHotGames = async (language: string, signal?: AbortSignal) => {
  const value = await callEndpointOrPageAnswer(pageAnswerNames.hotGames(language), gamesEndpoints.hot, {
    query: siteHotGamesQuery(language),
    signal,
  });
  cache.write(language, value.list);
  return value.list;
};

/** One function for every reader, so the games are mapped once per answer, not on every render (see vendor lanes). */
const selectLobbyGames = (games: Game[]) => games.map(toLobbyGame);

/** The merchant's hot games (GCSGAME_hotGamesV2), cached for the session (spec section 9). */
export const hotGamesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.hot, { language }),
    queryFn: ({ signal }) => getHotGames(language, signal),
    initialData: () => cache.read(language),
    staleTime: 60_000,
    select: selectLobbyGames,
  });

export const useHotGames = (language: string) => useQuery(hotGamesQueryOptions(language));
