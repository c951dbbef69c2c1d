import { useQuery } from '@tanstack/react-query';
import { agentMoneyEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const transferInfoQueryKey = queryKeyOf(agentMoneyEndpoints.transferInfo);

/** The agent's available balance, frozen state and the merchant's transfer rules. */
export const useAgentTransferInfo = () =>
  useQuery({
    queryKey: transferInfoQueryKey,
    queryFn: ({ signal }) => callEndpoint(agentMoneyEndpoints.transferInfo, { signal }),
  });

/** Main wallet to a downline member's (sealed, with the withdraw password). */
export const transferToDownline = (body: RequestOf<typeof agentMoneyEndpoints.transferDown>) =>
  callEndpoint(agentMoneyEndpoints.transferDown, { body });

/** Main wallet to the upline's (sealed, with the withdraw password). */
export const transferToUpline = (body: RequestOf<typeof agentMoneyEndpoints.transferUp>) =>
  callEndpoint(agentMoneyEndpoints.transferUp, { body });

/** A red envelope split among chosen downline members (sealed, with the withdraw password). */
export const sendRedEnvelope = (body: RequestOf<typeof agentMoneyEndpoints.redEnvelope>) =>
  callEndpoint(agentMoneyEndpoints.redEnvelope, { body });
