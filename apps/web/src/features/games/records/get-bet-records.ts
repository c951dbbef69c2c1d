import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { betsEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { DayRange } from './date-ranges';
import { rangeErrorOf } from './date-ranges';

export const BET_RECORD_PAGE_SIZE = 20;

export interface BetRecordsInput extends DayRange {
  gameType?: string;
  status?: 'open' | 'settled' | 'cancelled';
  pageNo: number;
}

/** The member's betting record (personalHistoryCopy); not asked while the range is one the server would refuse. */
export const useBetRecords = (input: BetRecordsInput) =>
  useQuery({
    queryKey: queryKeyOf(betsEndpoints.history, input),
    queryFn: ({ signal }) =>
      callEndpoint(betsEndpoints.history, { query: { ...input, pageSize: BET_RECORD_PAGE_SIZE }, signal }),
    enabled: rangeErrorOf(input) === null,
    placeholderData: keepPreviousData,
  });

/** The member's personal profit and loss (personalProfit) per game type and per day. */
export const usePersonalProfit = (range: DayRange) =>
  useQuery({
    queryKey: queryKeyOf(betsEndpoints.profit, range),
    queryFn: ({ signal }) => callEndpoint(betsEndpoints.profit, { query: range, signal }),
    enabled: rangeErrorOf(range) === null,
    placeholderData: keepPreviousData,
  });
