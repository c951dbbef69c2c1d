import { authOf, buildPath, type EndpointDef } from '@tessera/contracts';

export interface BuiltRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
}

const toQueryString = (input: unknown): string => {
  if (input === null || typeof input !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * Turns an endpoint declaration and its input into a fetch request: the path from `buildPath`, the input as
 * the query string for GET and DELETE and as a JSON body otherwise, the raw token in `Authorization`.
 */
export const buildRequest = (
  endpoint: Pick<EndpointDef, 'method' | 'path' | 'access' | 'moduleIds'>,
  input: unknown,
  options: {
    params?: Record<string, string | number> | undefined;
    token: string | null;
    language: string;
    /** The merchant a site endpoint is asked about (the back office has no host of its own merchant). */
    merchant?: string | undefined;
  },
): BuiltRequest => {
  const path = buildPath(endpoint.path, options.params);
  const headers: Record<string, string> = { Accept: 'application/json', Language: options.language };
  if (authOf(endpoint.access) !== 'none' && options.token) headers.Authorization = options.token;
  const [moduleId] = endpoint.moduleIds;
  if (moduleId) headers.ModuleId = moduleId;
  if (options.merchant) headers.Merchant = options.merchant;
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    return { url: path + toQueryString(input), init: { method: endpoint.method, headers } };
  }
  headers['Content-Type'] = 'application/json';
  return { url: path, init: { method: endpoint.method, headers, body: JSON.stringify(input ?? {}) } };
};
