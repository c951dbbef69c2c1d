type QueryValue = string | number | boolean | null | undefined;

const isQueryValue = (value: unknown): value is QueryValue =>
  value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A GET/DELETE request object as a query string (api-facts 1.3): absent values are left out, arrays repeat
 * their key, and nested objects are refused because the gateway reads flat parameters only.
 */
export const toQueryString = (query: unknown): string => {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object' || Array.isArray(query)) throw new TypeError('a query must be a plain object');
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (!isQueryValue(value)) throw new TypeError(`query parameter ${key} must be a string, number or boolean`);
      if (value === null || value === undefined) continue;
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
