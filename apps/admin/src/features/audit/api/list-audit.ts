import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export type AuditQuery = RequestOf<typeof adminEndpoints.listAudit>;

export const listAudit = (query: AuditQuery, signal?: AbortSignal) =>
  callEndpoint(adminEndpoints.listAudit, { input: query, signal });

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [adminEndpoints.listAudit.name, query],
    queryFn: ({ signal }) => listAudit(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the audit log, newest first; the previous page stays on screen while the next loads. */
export const useAuditLog = (query: AuditQuery) => useQuery(auditQueryOptions(query));
