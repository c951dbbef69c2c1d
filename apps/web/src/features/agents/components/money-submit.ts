import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { newRequestId } from '../../../shared/api/request-id';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { transferInfoQueryKey } from '../api/agent-money-api';

/**
 * A money form's submission: one request id per attempt (kept for a network retry, so the server applies it once,
 * renewed after an answer), the server's field errors under their fields and the rest as the form's error, and the
 * balance read again after a success.
 */
export const useMoneySubmit = <T extends FieldValues, R>(options: {
  fields: readonly string[];
  setError: UseFormSetError<T>;
  send: (requestId: string, values: T) => Promise<R>;
  onDone: (result: R) => void;
}) => {
  const queryClient = useQueryClient();
  const requestId = useRef(newRequestId());
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: T) => {
    setFormError(null);
    try {
      const result = await options.send(requestId.current, values);
      requestId.current = newRequestId();
      options.onDone(result);
      await queryClient.invalidateQueries({ queryKey: transferInfoQueryKey });
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code !== 'in_network_again' && error.code !== 'timeout_retry_please') {
        requestId.current = newRequestId();
      }
      const unmatched = applyServerFieldErrors(options.setError, error.fieldErrors, { fields: options.fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };
  return { submit, formError };
};
