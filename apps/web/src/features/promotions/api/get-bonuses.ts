import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bonusesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const bonusesKey = queryKeyOf(bonusesEndpoints.list);

/** One page of the member's bonuses, newest first, with the bonus wallet's open total. */
export const useBonuses = (pageNo: number) =>
  useQuery({
    queryKey: [...bonusesKey, pageNo],
    queryFn: ({ signal }) => callEndpoint(bonusesEndpoints.list, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
  });
