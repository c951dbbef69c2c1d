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

/** The fetch request of a call: path, input, the session token, the operator's language, the merchant asked about. */
const requestOf = <E extends EndpointDef>(endpoint: E, options: CallOptions<E>) =>
  buildRequest(endpoint, options.input, {
    params: options.params as Record<string, string | number> | undefined,
    token: readSessionToken(),
    language: currentLanguage,
    merchant: options.merchant,
  });

/** The one way the back office calls the API: every call goes through an endpoint declaration. */
export const callEndpoint = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<ResponseOf<E>> => {
  const request = requestOf(endpoint, options);
  return answerOf(
    endpoint,
    await fetchOrNetworkError(request.url, { ...request.init, signal: options.signal ?? null }),
  );
};

const fetchOrNetworkError = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('in_network_again', 0);
  }
};

/** The envelope's value checked against the contract, or an ApiError with its code (an expired session signs out). */
const answerOf = async <E extends EndpointDef>(endpoint: E, response: Response): Promise<ResponseOf<E>> => {
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

/**
 * A multipart endpoint (decision 0124): the input's text fields and the files under the contract's upload field;
 * the browser writes the boundary into Content-Type itself.
 */
export const callUploadEndpoint = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> & { files: readonly Blob[] },
): Promise<ResponseOf<E>> => {
  const request = requestOf(endpoint, options);
  const form = new FormData();
  for (const [name, value] of Object.entries((options.input ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of options.files) form.append(endpoint.upload?.field ?? 'files', file);
  const { 'Content-Type': _json, ...headers } = request.init.headers;
  return answerOf(
    endpoint,
    await fetchOrNetworkError(request.url, {
      method: request.init.method,
      headers,
      body: form,
      signal: options.signal ?? null,
    }),
  );
};

/** A `file` endpoint (decision 0124): its bytes as a Blob; a failure is its envelope's ApiError. */
export const callFileEndpoint = async <E extends EndpointDef>(endpoint: E, options: CallOptions<E>): Promise<Blob> => {
  const request = requestOf(endpoint, options);
  const headers = { ...request.init.headers, Accept: 'image/png, image/jpeg, application/json' };
  const response = await fetchOrNetworkError(request.url, {
    ...request.init,
    headers,
    signal: options.signal ?? null,
  });
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/')) return response.blob();
  await answerOf(endpoint, response);
  throw new ApiError('unknown_error', response.status);
};
