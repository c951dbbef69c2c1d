import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../http/app-error';

export type ImageMediaType = 'image/png' | 'image/jpeg';

export interface RecodedImage {
  mediaType: ImageMediaType;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface RecodeLimits {
  maxBytes: number;
  /** Largest width or height, checked from the header before any pixel is decoded. */
  maxSide: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes themselves declare (magic numbers); the file name and the sender's word are ignored. */
export const sniffImageType = (bytes: Buffer): ImageMediaType | null => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
};

/**
 * A picture of a kind that is not accepted, by its bytes: gif, webp and bmp by their magic numbers, svg by its root
 * element (after an optional byte-order mark, XML declaration, comments or doctype). Null: none of these.
 */
export const sniffRefusedImageKind = (bytes: Buffer): 'gif' | 'webp' | 'bmp' | 'svg' | null => {
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.startsWith('BM') && bytes.length >= 26) return 'bmp';
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
};

/** The PNG up to the end of its IEND chunk: whatever was appended after it is not part of the picture. */
const pngWithoutTrailer = (bytes: Buffer): Buffer => {
  const at = bytes.lastIndexOf('IEND', undefined, 'latin1');
  return at > 0 && at + 8 <= bytes.length ? bytes.subarray(0, at + 8) : bytes;
};

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer): { width: number; height: number } | null => {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** Width and height from a JPEG's first start-of-frame marker. */
const jpegSize = (bytes: Buffer): { width: number; height: number } | null => {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
};

/**
 * Checks an uploaded image and re-encodes it: only png and jpeg by their magic bytes, within the byte and
 * pixel limits (read from the header before decoding, so a decompression bomb is refused unread), decoded
 * fully and written again, which drops metadata (EXIF, text chunks) and anything appended to the file.
 * Failures are `image_too_large` or `image_invalid`.
 */
export const recodeImage = (bytes: Buffer, limits: RecodeLimits): RecodedImage => {
  if (bytes.length > limits.maxBytes) throw new AppError('image_too_large');
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('image_invalid');
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width < 1 || size.height < 1) throw new AppError('image_invalid');
  if (size.width > limits.maxSide || size.height > limits.maxSide) throw new AppError('image_too_large');
  try {
    if (type === 'image/png') {
      const decoded = PNG.sync.read(pngWithoutTrailer(bytes));
      const out = new PNG({ width: decoded.width, height: decoded.height });
      decoded.data.copy(out.data);
      return { mediaType: type, bytes: PNG.sync.write(out), width: decoded.width, height: decoded.height };
    }
    const decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: (limits.maxSide * limits.maxSide) / 1_000_000,
      maxMemoryUsageInMB: 512,
    });
    const encoded = jpeg.encode({ data: decoded.data, width: decoded.width, height: decoded.height }, 85);
    return { mediaType: type, bytes: encoded.data, width: decoded.width, height: decoded.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('image_invalid');
  }
};

/** RGBA pixels scaled down to `width` (height in proportion) by averaging the source pixels each one covers. */
const scaleDown = (data: Uint8Array, width: number, height: number, toWidth: number) => {
  const toHeight = Math.max(1, Math.round((height * toWidth) / width));
  const out = new Uint8Array(toWidth * toHeight * 4);
  const sx = width / toWidth;
  const sy = height / toHeight;
  for (let y = 0; y < toHeight; y += 1) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < toWidth; x += 1) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) * sx)));
      const sum = [0, 0, 0, 0];
      for (let v = y0; v < y1; v += 1) {
        for (let u = x0; u < x1; u += 1) {
          const at = (v * width + u) * 4;
          for (let c = 0; c < 4; c += 1) sum[c] = (sum[c] ?? 0) + (data[at + c] ?? 0);
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * toWidth + x) * 4;
      for (let c = 0; c < 4; c += 1) out[to + c] = Math.round((sum[c] ?? 0) / count);
    }
  }
  return { data: out, width: toWidth, height: toHeight };
};

/**
 * A stored (already re-encoded) picture at most `width` pixels wide, in its own type; the picture itself when it is
 * no wider. Stored pictures are png or jpeg (recodeImage); anything not png is read as jpeg.
 */
export const narrowerImage = (image: { mediaType: string; bytes: Buffer }, width: number): Buffer => {
  if (image.mediaType === 'image/png') {
    const decoded = PNG.sync.read(image.bytes);
    if (decoded.width <= width) return image.bytes;
    const scaled = scaleDown(decoded.data, decoded.width, decoded.height, width);
    return encodePng(scaled.width, scaled.height, scaled.data);
  }
  const decoded = jpeg.decode(image.bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
  if (decoded.width <= width) return image.bytes;
  const scaled = scaleDown(decoded.data, decoded.width, decoded.height, width);
  return encodeJpeg(scaled.width, scaled.height, scaled.data);
};

/** Encodes opaque RGBA pixels as a JPEG at the quality uploads are re-encoded with (the seed's pictures). */
export const encodeJpeg = (width: number, height: number, rgba: Uint8Array): Buffer =>
  jpeg.encode({ data: rgba, width, height }, 85).data;

/** Encodes RGBA pixels as a PNG (icons drawn by the server). */
export const encodePng = (width: number, height: number, rgba: Uint8Array): Buffer => {
  const png = new PNG({ width, height });
  png.data.set(rgba);
  return PNG.sync.write(png);
};
