import type { PayloadKey, SealedBody } from '@tessera/client-crypto';
import {
  buildPath,
  type EndpointDef,
  envelopeSchema,
  type ParamsOf,
  type RequestOf,
  type ResponseOf,
  sessionEndpoints,
} from '@tessera/contracts';
import { z } from 'zod';
import { usePublicStore } from '../state/public-store';
import { useShellStore } from '../state/shell-store';
import { clearSessionKeepingMerchant, readLocal, readSession, readToken } from '../storage/browser-storage';
import { localKeys, sessionKeys } from '../storage/storage-keys';
import { ApiError, isApiError } from './api-error';
import { takePageAnswer } from './page-answer';
import { createPayloadKeyCache } from './payload-key';
import { toQueryString } from './query-string';

export interface CallOptions<E extends EndpointDef> {
  /** The request of a GET or DELETE endpoint, sent as the query string. */
  query?: RequestOf<E>;
  /** The request of a POST, PUT or PATCH endpoint, sent as the body. */
  body?: RequestOf<E>;
  /** Values for the path's `:param` segments. */
  params?: ParamsOf<E>;
  /** Overrides the endpoint's first module id, for paths that serve several flows. */
  moduleId?: string;
  /** Multipart endpoints: the files, sent under the contract's upload field after the text fields. */
  files?: readonly Blob[];
  /** Site start leaves the Merchant header out so that the server resolves the merchant by host. */
  sendMerchant?: boolean;
  signal?: AbortSignal;
}

/** Any envelope, built on first use: the first screen reads its answers from the page (`pageAnswerOf`). */
let anyEnvelope: ReturnType<typeof envelopeSchema<z.ZodUnknown>> | null = null;
const envelopeOfAnyValue = () => {
  anyEnvelope ??= envelopeSchema(z.unknown());
  return anyEnvelope;
};

const SESSION_LOST = 'login.not.session';
/** A session-time limit reached (responsible gaming): the session is over, and sign-in waits for `resumesAt`. */
const SESSION_LIMIT = 'responsible_gaming_session_limit';
const sessionLimitSchema = z.object({ period: z.enum(['day', 'week', 'month']), resumesAt: z.string() });

const usesQuery = (endpoint: EndpointDef): boolean => endpoint.method === 'GET' || endpoint.method === 'DELETE';

const headersFor = (endpoint: EndpointDef, options: CallOptions<EndpointDef>): Headers => {
  const headers = new Headers({ Accept: 'application/json' });
  const merchant = options.sendMerchant === false ? null : readSession(sessionKeys.merchant);
  if (merchant) headers.set('Merchant', merchant);
  const token = readToken();
  if (token) headers.set('Authorization', token);
  const language = readLocal(localKeys.lang);
  if (language) headers.set('Language', language);
  const moduleId = options.moduleId ?? endpoint.moduleIds[0];
  if (moduleId) headers.set('ModuleId', moduleId);
  return headers;
};

/** The sealing code (elliptic curves, AES-GCM) is fetched with the first sealed request, not with the page. */
const sealBody = async (key: PayloadKey, method: string, path: string, body: unknown): Promise<SealedBody> => {
  let crypto: typeof import('@tessera/client-crypto');
  try {
    crypto = await import('@tessera/client-crypto');
  } catch {
    // The chunk could not be fetched: the same answer as a request that could not be sent.
    throw new ApiError('in_network_again');
  }
  return crypto.sealPayload(key, method, path, body);
};

const bodyFor = async (
  endpoint: EndpointDef,
  path: string,
  body: unknown,
  headers: Headers,
  sealKey: PayloadKey | null,
  files: readonly Blob[] = [],
): Promise<BodyInit | undefined> => {
  if (usesQuery(endpoint)) return undefined;
  if (sealKey) {
    // "(enc)" endpoints: the body travels sealed for this method and path only (decision 0009), never in clear.
    headers.set('Content-Type', 'application/json;charset=UTF-8');
    return JSON.stringify(await sealBody(sealKey, endpoint.method, path, body ?? {}));
  }
  if (endpoint.bodyKind === 'multipart') {
    // The browser writes the multipart boundary into Content-Type itself.
    const form = new FormData();
    for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(name, String(value));
    }
    for (const file of files) form.append(endpoint.upload?.field ?? 'files', file);
    return form;
  }
  if (endpoint.bodyKind === 'form') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return toQueryString(body ?? {}).slice(1);
  }
  headers.set('Content-Type', 'application/json;charset=UTF-8');
  return JSON.stringify(body ?? {});
};

/** A transport failure without an envelope: a gateway time-out, a proxy error page, or no answer at all. */
const transportCodeOf = (status: number): string => {
  if (status === 504) return 'timeout_retry_please';
  if (status === 0 || status === 502 || status === 503) return 'in_network_again';
  return 'unknown_error';
};

const send = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E>,
  sealKey: PayloadKey | null,
): Promise<ResponseOf<E>> => {
  const params = options.params as Record<string, string | number> | undefined;
  const path = buildPath(endpoint.path, params);
  const headers = headersFor(endpoint, options as CallOptions<EndpointDef>);
  const url = usesQuery(endpoint) ? `${path}${toQueryString(options.query)}` : path;
  const body = await bodyFor(endpoint, path, options.body, headers, sealKey, options.files);

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('in_network_again');
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(transportCodeOf(response.status), [], null, response.status);
  }
  return answerOf(endpoint, payload, response.status);
};

/**
 * A `file` endpoint (decision 0124): its bytes as a Blob. A failure comes as the envelope, read as every answer is
 * (an ApiError with its code; a lost session logs the member out).
 */
export const callFileEndpoint = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<Blob> => {
  const params = options.params as Record<string, string | number> | undefined;
  const path = buildPath(endpoint.path, params);
  const headers = headersFor(endpoint, options as CallOptions<EndpointDef>);
  const url = usesQuery(endpoint) ? `${path}${toQueryString(options.query)}` : path;
  const body = await bodyFor(endpoint, path, options.body, headers, null);
  headers.set('Accept', 'image/png, image/jpeg, application/json');
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('in_network_again');
  }
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/')) return response.blob();
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(transportCodeOf(response.status), [], null, response.status);
  }
  answerOf(endpoint, payload, response.status);
  throw new ApiError('unknown_error', [], null, response.status);
};

/**
 * Answers are checked without zod's compiled object parsers: compiling one costs far more than the few times a
 * page reads an endpoint (the site start answer alone took ~25 ms of a phone's first screen to compile).
 */
const PARSE_ONCE = { jitless: true } as const;

/**
 * An endpoint's answer from its envelope, as `callEndpoint` reads every response: the value checked against the
 * contract, or an ApiError with the envelope's error code (a lost session also logs the member out here).
 */
export const answerOf = <E extends EndpointDef>(endpoint: E, payload: unknown, status = 200): ResponseOf<E> => {
  const envelope = envelopeOfAnyValue().safeParse(payload, PARSE_ONCE);
  if (!envelope.success) throw new ApiError(transportCodeOf(status), [], null, status);

  const { success, value, errorCode, fieldErrors } = envelope.data;
  if (!success) {
    const code = errorCode ?? transportCodeOf(status);
    if (code === SESSION_LOST || code === SESSION_LIMIT) {
      clearSessionKeepingMerchant();
      usePublicStore.getState().markLoggedOut();
    }
    if (code === SESSION_LIMIT) {
      const reached = sessionLimitSchema.safeParse(value);
      if (reached.success) useShellStore.getState().showSessionLimit(reached.data);
    }
    throw new ApiError(code, fieldErrors ?? [], value, status);
  }
  const parsed = endpoint.response.safeParse(value, PARSE_ONCE);
  if (!parsed.success) throw new ApiError('unknown_error', [], null, status);
  return parsed.data as ResponseOf<E>;
};

/** The server's sealing key, cached until it expires (see payload-key.ts). */
const payloadKeys = createPayloadKeyCache(() => callEndpoint(sessionEndpoints.payloadKey));

/**
 * Calls one endpoint as its contract declares it: path, verb, headers (Merchant, raw Authorization token,
 * Language, ModuleId), query string or body. Resolves with the envelope's `value`, checked against the
 * contract; rejects with an ApiError carrying the error code. A lost session clears session storage
 * (keeping the merchant code) and marks the member logged out.
 *
 * Encrypted endpoints have their body sealed under the server's published key; when the server has retired
 * that key (`request_key_expired`) the key is fetched again and the request sealed afresh, once.
 */
export const callEndpoint = async <E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> => {
  if (!endpoint.encrypted) return send(endpoint, options, null);
  try {
    return await send(endpoint, options, await payloadKeys.get());
  } catch (error) {
    if (!isApiError(error) || error.code !== 'request_key_expired') throw error;
    payloadKeys.forget();
    return send(endpoint, options, await payloadKeys.get());
  }
};

/**
 * A successful answer the server wrote into the page, read as it is. The server checked it against this endpoint's
 * contract before writing it (every answer passes its contract on the way out), and the page names the scripts of
 * the same build, so the browser would repeat the same check against the same contract; on a phone that check
 * was the first screen's longest task (decision 0037). Anything else is read as a response is.
 */
export const pageAnswerOf = <E extends EndpointDef>(endpoint: E, payload: unknown): ResponseOf<E> =>
  typeof payload === 'object' &&
  payload !== null &&
  'success' in payload &&
  payload.success === true &&
  'value' in payload
    ? (payload.value as ResponseOf<E>)
    : answerOf(endpoint, payload);

/**
 * An endpoint's answer the server wrote into the page under `pageAnswer` (read once; see `pageAnswerOf`), else from
 * the network as `callEndpoint` asks it. `null` for a call the page cannot have answered.
 */
export const callEndpointOrPageAnswer = async <E extends EndpointDef>(
  pageAnswer: string | null,
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> => {
  const inPage = pageAnswer === null ? undefined : takePageAnswer(pageAnswer);
  return inPage === undefined ? callEndpoint(endpoint, options) : pageAnswerOf(endpoint, inPage);
};
