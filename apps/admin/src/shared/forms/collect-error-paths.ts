const isLeafError = (value: object): boolean =>
  'message' in value && typeof value.message === 'string' && 'type' in value && typeof value.type === 'string';

/**
 * The dotted paths of every error in a react-hook-form errors object (for the error summary). The DOM
 * `ref` react-hook-form keeps beside each error is skipped.
 */
export const collectErrorPaths = (errors: unknown, prefix = ''): string[] => {
  if (errors === null || typeof errors !== 'object') return [];
  const paths: string[] = [];
  if (isLeafError(errors)) paths.push(prefix);
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    paths.push(...collectErrorPaths(value, prefix ? `${prefix}.${key}` : key));
  }
  return paths;
};
