import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminMission, adminEndpoints, adminMissionEndpoints, type MissionInput } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's missions with their figures; read again when opened, since members progress meanwhile. */
export const useMissions = (code: string) =>
  useQuery({
    refetchOnMount: 'always',
    queryKey: [adminMissionEndpoints.list.name, code],
    queryFn: ({ signal }) => callEndpoint(adminMissionEndpoints.list, { params: { code }, input: {}, signal }),
  });

/** Adds a mission (no id) or replaces one (audited by the server); the list and the audit log are read again. */
export const useSaveMission = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MissionInput }): Promise<AdminMission> =>
      id
        ? callEndpoint(adminMissionEndpoints.update, { params: { code, id }, input })
        : callEndpoint(adminMissionEndpoints.create, { params: { code }, input }),
    onSuccess: () =>
      Promise.all(
        [adminMissionEndpoints.list.name, adminEndpoints.listAudit.name].map((name) =>
          queryClient.invalidateQueries({ queryKey: [name] }),
        ),
      ),
  });
};
