import type { EndpointDef, ParamsOf, RequestOf, ResponseOf } from '@tessera/contracts';
import { ApiError } from './api-error';
import { buildRequest } from './build-request';
import { parseEnvelope } from './parse-envelope';
import { readSessionToken } from './session-token';

type ParamsOption<E> = ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> };

export type CallOptions<E extends EndpointDef> = {
  input: RequestOf<E>;
  signal?: AbortSignal | undefined;
  /** For site endpoints: the merchant to ask about, sent as the `Merchant` header. */
  merchant?: string;
} & ParamsOption<E>;

type SessionExpiredListener = () => void;
let onSessionExpired: SessionExpiredListener = () => {};
let currentLanguage = 'EN';

/** The app layer decides what an expired session does (back to the login page). */
export const setSessionExpiredListener = (listener: SessionExpiredListener): void => {
  onSessionExpired = listener;
};

/** Sent as the `Language` header so server-side texts follow the operator's choice. */
export const setApiLanguage = (language: string): void => {
  currentLanguage = language;
};

/** The one way the back office calls the API: every call goes through an endpoint declaration. */
export const callEndpoint = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<ResponseOf<E>> => {
  const request = buildRequest(endpoint, options.input, {
    params: options.params as Record<string, string | number> | undefined,
    token: readSessionToken(),
    language: currentLanguage,
    merchant: options.merchant,
  });
  let response: Response;
  try {
    response = await fetch(request.url, { ...request.init, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('in_network_again', 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status >= 500 ? 'in_network_again' : 'unknown_error', response.status);
  }
  try {
    return parseEnvelope(body, response.status, endpoint.response) as ResponseOf<E>;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'login.not.session' && endpoint.access.kind === 'operator') {
      onSessionExpired();
    }
    throw error;
  }
};
