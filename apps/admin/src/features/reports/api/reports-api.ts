import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminReportsEndpoints,
  type DashboardPeriod,
  DESK_TOPIC,
  type ExportFormat,
  type PendingQueues,
  REALTIME_PATH,
  type ReportKind,
  realtimeServerMessageSchema,
} from '@tessera/contracts';
import { useEffect } from 'react';
import { callEndpoint } from '../../../shared/api/api-client';
import { readSessionToken } from '../../../shared/api/session-token';

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is derived from code
  useEffect(() => {
    if (!code) return undefined;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let isClosed = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${scheme}//${window.location.host}${REALTIME_PATH}?merchant=${encodeURIComponent(code)}`);
      socket.onopen = () => socket?.send(JSON.stringify({ op: 'operator', token: readSessionToken() }));
      socket.onmessage = (frame) => {
        const parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(frame.data)));
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.op === 'ready' && message.operator) void queryClient.invalidateQueries({ queryKey });
        if (message.op === 'event' && message.topic === DESK_TOPIC && message.type === 'reports.pending') {
          const { merchantCode, ...counts } = message.data as PendingQueues & { merchantCode: string };
          if (merchantCode === code) queryClient.setQueryData(queryKey, counts);
        }
      };
      socket.onclose = () => {
        if (!isClosed) retry = setTimeout(connect, 2000);
      };
    };
    connect();
    return () => {
      isClosed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [code, queryClient]);
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
