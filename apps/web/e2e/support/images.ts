/** A valid PNG of 1x1 pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The PNG as a file to hand to an `<input type="file">`. */
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
