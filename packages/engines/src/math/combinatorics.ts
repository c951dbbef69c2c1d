const cache = new Map<string, bigint>();

/** n choose k, exactly (0 when k is outside [0, n]). */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const m = Math.min(k, n - k);
  const key = `${n}:${m}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let result = 1n;
  for (let i = 1; i <= m; i += 1) result = (result * BigInt(n - m + i)) / BigInt(i);
  cache.set(key, result);
  return result;
}
