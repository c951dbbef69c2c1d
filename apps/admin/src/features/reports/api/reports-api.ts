import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReportsEndpoints, type DashboardPeriod, type ExportFormat, type ReportKind } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { useDeskStream } from '../../../shared/realtime/desk-stream';

/** The browser's own time zone: the operator's day. */
export const operatorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const useDashboard = (code: string, period: DashboardPeriod) =>
  useQuery({
    queryKey: [adminReportsEndpoints.dashboard.name, code, period],
    queryFn: ({ signal }) =>
      callEndpoint(adminReportsEndpoints.dashboard, {
        params: { code },
        input: { period, timeZone: operatorTimeZone() },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: code !== '',
  });

/**
 * The merchant's pending queues: read once, then kept by the desk's `reports.pending` events over the operators'
 * realtime channel (reconnecting after a drop, reading again each time it is bound).
 */
export const usePendingQueues = (code: string) => {
  const queryClient = useQueryClient();
  const queryKey = [adminReportsEndpoints.pending.name, code];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callEndpoint(adminReportsEndpoints.pending, { params: { code }, input: {}, signal }),
    enabled: code !== '',
  });
  useDeskStream(code, {
    onReady: () => void queryClient.invalidateQueries({ queryKey }),
    onEvent: (event) => {
      if (event.type !== 'reports.pending') return;
      const { merchantCode, ...counts } = event.data;
      if (merchantCode === code) queryClient.setQueryData(queryKey, counts);
    },
  });
  return query;
};

export type ReportFilters = Record<string, string | number>;

export const useReport = (code: string, kind: ReportKind, filters: ReportFilters) =>
  useQuery({
    queryKey: [adminReportsEndpoints[kind].name, code, filters],
    queryFn: ({ signal }) =>
      callEndpoint(adminReportsEndpoints[kind], { params: { code }, input: filters as never, signal }),
    placeholderData: keepPreviousData,
    enabled: code !== '',
  });

/** The operator's exports; polled while one is still being built. */
export const useExports = (code: string) =>
  useQuery({
    queryKey: [adminReportsEndpoints.exports.name, code],
    queryFn: ({ signal }) => callEndpoint(adminReportsEndpoints.exports, { params: { code }, input: {}, signal }),
    enabled: code !== '',
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => row.status === 'queued' || row.status === 'running') ? 2000 : false,
  });

export const useCreateExport = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { report: ReportKind; format: ExportFormat; query: ReportFilters }) =>
      callEndpoint(adminReportsEndpoints.createExport, { params: { code }, input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [adminReportsEndpoints.exports.name, code] }),
  });
};

/** Fetches a ready export and hands it to the browser as a download. */
export const downloadExport = async (code: string, id: string): Promise<void> => {
  const file = await callEndpoint(adminReportsEndpoints.downloadExport, { params: { code, id }, input: {} });
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** The merchant's rollup rebuilds (decision 0129); polled while one is queued or running. */
export const useRebuilds = (code: string) =>
  useQuery({
    queryKey: [adminReportsEndpoints.rebuilds.name, code],
    queryFn: ({ signal }) => callEndpoint(adminReportsEndpoints.rebuilds, { params: { code }, input: {}, signal }),
    enabled: code !== '',
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => row.status === 'queued' || row.status === 'running') ? 1500 : false,
  });

export const useStartRebuild = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { from: string; to: string }) =>
      callEndpoint(adminReportsEndpoints.createRebuild, { params: { code }, input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [adminReportsEndpoints.rebuilds.name, code] }),
  });
};
