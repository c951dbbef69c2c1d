import type { FieldError } from '@tessera/contracts';

/** What react-hook-form stores for a field: the code as `type` and `message`, the params (as text) in `types`. */
export interface StoredFieldError {
  type: string;
  message: string;
  types?: Record<string, string>;
}

export const toStoredFieldError = (error: Pick<FieldError, 'code' | 'params'>): StoredFieldError => {
  const stored: StoredFieldError = { type: error.code, message: error.code };
  if (error.params) {
    stored.types = Object.fromEntries(Object.entries(error.params).map(([key, value]) => [key, String(value)]));
  }
  return stored;
};

/** react-hook-form keeps form-wide errors under `root`; a path-less issue lands there. */
export const formNameOfPath = (path: string): string => (path === '' ? 'root.form' : path);
