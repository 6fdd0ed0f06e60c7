/**
 * What a user's photo or video is, judged from its bytes only (never the file name or the type
 * the browser declared): JPEG, PNG and WebP images, with their width and height read from the
 * headers, and MP4 and WebM videos (size only; their duration is not parsed). Pure: no I/O.
 */

export type MediaKind = 'image' | 'video';
export type MediaContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4' | 'video/webm';

export const ACCEPTED_MEDIA_TYPES: readonly MediaContentType[] = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'];

export const MEDIA_LIMITS = {
  imageBytes: 8 * 1024 * 1024,
  videoBytes: 30 * 1024 * 1024,
  /** Decoding a bigger image costs more memory than a Worker should spend on one request. */
  maxPixels: 40_000_000,
  /** Smaller than the thumbnails it is shown in is not a useful photo. */
  minSide: 100,
} as const;

/** The bytes read to recognise a file and its dimensions: a JPEG's frame header may follow big EXIF blocks. */
export const SNIFF_BYTES = 256 * 1024;

export interface SniffedMedia {
  kind: MediaKind;
  contentType: MediaContentType;
  /** Images only. */
  width: number | null;
  height: number | null;
}

/** Why the bytes are refused: not an accepted type, cut short before the header ends, or wrong dimensions. */
export type MediaProblem = 'type' | 'truncated' | 'dimensions' | 'tooLarge';

export type SniffResult = { ok: true; media: SniffedMedia } | { ok: false; problem: MediaProblem };

const ascii = (b: Uint8Array, at: number, length: number) => (b.length < at + length ? '' : String.fromCharCode(...b.subarray(at, at + length)));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** MP4 major brands of the ISO base media family browsers play (not QuickTime `qt  `, not HEIF images). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']);

export type Dimensions = { width: number; height: number } | 'truncated' | 'invalid';

function pngDimensions(b: Uint8Array): Dimensions {
  // Signature (8), then the IHDR chunk: length (4), "IHDR", width, height.
  if (b.length < 24) return 'truncated';
  if (ascii(b, 12, 4) !== 'IHDR') return 'invalid';
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** SOFn markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(b: Uint8Array): Dimensions {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return 'invalid';
    // Fill bytes: any number of 0xFF before a marker.
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) return 'truncated';
    const marker = b[at]!;
    at++;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda) return 'invalid'; // end of image or scan data before any frame header
    if (at + 2 > b.length) return 'truncated';
    const length = u16be(b, at);
    if (length < 2) return 'invalid';
    if (isStartOfFrame(marker)) {
      if (at + 7 > b.length) return 'truncated';
      return { height: u16be(b, at + 3), width: u16be(b, at + 5) };
    }
    at += length;
  }
  return 'truncated';
}

function webpDimensions(b: Uint8Array): Dimensions {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 scale bits each).
    if (b.length < 30) return 'truncated';
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return 'invalid';
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian bit order.
    if (b.length < 25) return 'truncated';
    if (b[20] !== 0x2f) return 'invalid';
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags (4 bytes), then canvas width-1 and height-1 in 24 bits each.
    if (b.length < 30) return 'truncated';
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return b.length < 16 ? 'truncated' : 'invalid';
}

/** A WebM file is an EBML document whose DocType (element 0x4282) is "webm" (plain Matroska is not). */
function isWebm(b: Uint8Array): boolean {
  const end = Math.min(b.length - 6, 64);
  for (let at = 4; at < end; at++) {
    if (b[at] === 0x42 && b[at + 1] === 0x82 && ascii(b, at + 3, 4) === 'webm') return true;
  }
  return false;
}

/** The type of the bytes by their magic numbers, or null. `head` is the file's beginning (SNIFF_BYTES is plenty). */
export function sniffType(head: Uint8Array): MediaContentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 4) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 4))) return 'video/mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3 && isWebm(head)) return 'video/webm';
  return null;
}

/** Starts of accepted types, so a file cut short inside its signature says "truncated", not "type". */
const PREFIXES = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0x52, 0x49, 0x46, 0x46], [0x1a, 0x45, 0xdf, 0xa3]];
const cutShortSignature = (head: Uint8Array) => head.length < 12 && PREFIXES.some((prefix) => head.every((byte, i) => i >= prefix.length || prefix[i] === byte));

/** Width and height from an image's header (no limits applied). */
export function imageDimensions(head: Uint8Array, contentType: 'image/png' | 'image/jpeg' | 'image/webp'): Dimensions {
  return contentType === 'image/png' ? pngDimensions(head) : contentType === 'image/jpeg' ? jpegDimensions(head) : webpDimensions(head);
}

export const maxBytesOf = (kind: MediaKind) => (kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes);
export const kindOf = (contentType: MediaContentType): MediaKind => (contentType.startsWith('image/') ? 'image' : 'video');

/**
 * Checks a whole upload: type by its bytes, the size limit of its kind, and for images the
 * dimensions from the header (at least MEDIA_LIMITS.minSide on each side, at most maxPixels).
 */
export function sniffMedia(bytes: Uint8Array, size = bytes.length): SniffResult {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const contentType = sniffType(head);
  if (!contentType) return { ok: false, problem: size === 0 || cutShortSignature(head) ? 'truncated' : 'type' };
  const kind = kindOf(contentType);
  if (size > maxBytesOf(kind)) return { ok: false, problem: 'tooLarge' };
  if (kind === 'video') return { ok: true, media: { kind, contentType, width: null, height: null } };
  const dimensions = imageDimensions(head, contentType as Exclude<MediaContentType, `video/${string}`>);
  if (dimensions === 'truncated') return { ok: false, problem: 'truncated' };
  if (dimensions === 'invalid') return { ok: false, problem: 'type' };
  const { width, height } = dimensions;
  if (width < MEDIA_LIMITS.minSide || height < MEDIA_LIMITS.minSide || width * height > MEDIA_LIMITS.maxPixels) return { ok: false, problem: 'dimensions' };
  return { ok: true, media: { kind, contentType, width, height } };
}

/** The resized widths of the serving route: the §9 image presets, plus the original. */
export const MEDIA_SIZES = { tiny: 44, small: 140, medium: 300, large: 530 } as const;
export type MediaSize = keyof typeof MEDIA_SIZES | 'full';
export const isMediaSize = (value: string): value is MediaSize => value === 'full' || Object.hasOwn(MEDIA_SIZES, value);

/**
 * A Range header against a body of `size` bytes: the inclusive byte span, 'unsatisfiable' (416),
 * or null to send the whole body (absent, malformed or multi-range headers are ignored, as RFC 9110 allows).
 */
export function parseRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
