/** Plain cookies for the remember-me values; guarded like storage, since cookies can be blocked. */

export const readCookie = (name: string): string | null => {
  try {
    const prefix = `${encodeURIComponent(name)}=`;
    const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
    return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return null;
  }
};

export const writeCookie = (name: string, value: string, maxAgeMs: number): void => {
  try {
    const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API needs a secure context, and mirror lines may be plain http.
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=lax`;
  } catch {
    // Cookies blocked: nothing is remembered.
  }
};

export const deleteCookie = (name: string): void => writeCookie(name, '', 0);
