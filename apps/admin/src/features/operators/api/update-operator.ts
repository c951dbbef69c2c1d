import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { listOperatorsQueryOptions } from './list-operators';

export type UpdateOperatorInput = RequestOf<typeof adminEndpoints.updateOperator>;

export const updateOperator = ({ id, input }: { id: string; input: UpdateOperatorInput }) =>
  callEndpoint(adminEndpoints.updateOperator, { params: { id }, input });

export const useUpdateOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listOperatorsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
