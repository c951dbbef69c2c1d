import { randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { encodePng } from '../src/platform/images/image-recode';

/** A small valid PNG. */
export const pngBytes = (): Buffer => encodePng(8, 8, new Uint8Array(8 * 8 * 4).fill(200));

/** A small valid JPEG. */
export const jpegBytes = (): Buffer =>
  Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 120), width: 8, height: 8 }, 80).data);

export interface UploadPart {
  /** The form field; `proofs` unless told. */
  name?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then files. */
export const multipart = (fields: Record<string, string>, files: readonly UploadPart[]) => {
  const boundary = `----tessera${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'proofs'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
