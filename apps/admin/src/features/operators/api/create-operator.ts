import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { listOperatorsQueryOptions } from './list-operators';

export type CreateOperatorInput = RequestOf<typeof adminEndpoints.createOperator>;

export const createOperator = (input: CreateOperatorInput) => callEndpoint(adminEndpoints.createOperator, { input });

export const useCreateOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperator,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listOperatorsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
