/**
 * A cached page kept compressed, with a hole for each per-response value (the CSP nonce): the
 * parts between the holes are compressed once, when the page is stored, each into raw DEFLATE
 * blocks that end on a byte boundary and are not final (zlib's sync flush). A response puts
 * them together as one gzip member (RFC 1951, RFC 1952): the header, each part's blocks, the
 * nonce in a stored block of its own between them, an empty final block, then the CRC-32 of the
 * whole text (combined from the parts' CRCs, never computed over the page again) and its length.
 * So a cache hit copies about a seventh of the page's bytes and compresses nothing.
 */
import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

export interface GzipParts {
  /** Each part's raw DEFLATE blocks, byte-aligned and not final. */
  segments: Uint8Array[];
  /** Each part's CRC-32 and length in bytes (uncompressed). */
  crcs: number[];
  lengths: number[];
}

const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff); // deflate, no name, no time, OS unknown
const FINAL_EMPTY_BLOCK = Uint8Array.of(0x03, 0x00); // BFINAL=1, fixed codes, end of block
const STORED_HEADER_BYTES = 5; // BFINAL=0 BTYPE=00 padded to a byte, LEN, NLEN
const MAX_STORED = 0xffff;

/** Compresses each part once (level 6, zlib's default). */
export function compressParts(parts: readonly Uint8Array[]): GzipParts {
  return {
    segments: parts.map((part) => new Uint8Array(deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }))),
    crcs: parts.map((part) => crc32(part)),
    lengths: parts.map((part) => part.byteLength),
  };
}

export function compressedSize(gzip: GzipParts): number {
  return gzip.segments.reduce((sum, segment) => sum + segment.byteLength, 0);
}

/** The gzip member of the parts with `between` (at most 64 KB) in each hole. */
export function gzipBody(gzip: GzipParts, between: Uint8Array): Uint8Array<ArrayBuffer> {
  if (between.byteLength > MAX_STORED) throw new RangeError('gzipBody: a hole holds at most 65,535 bytes');
  const holes = gzip.segments.length - 1;
  const body = new Uint8Array(HEADER.byteLength + compressedSize(gzip) + holes * (STORED_HEADER_BYTES + between.byteLength) + FINAL_EMPTY_BLOCK.byteLength + 8);
  body.set(HEADER, 0);
  let offset = HEADER.byteLength;
  const betweenCrc = crc32(between);
  let crc = 0;
  let length = 0;
  gzip.segments.forEach((segment, index) => {
    if (index > 0) {
      const size = between.byteLength;
      body.set([0, size & 0xff, size >>> 8, ~size & 0xff, (~size >>> 8) & 0xff], offset);
      body.set(between, offset + STORED_HEADER_BYTES);
      offset += STORED_HEADER_BYTES + size;
      crc = crc32Combine(crc, betweenCrc, size);
      length += size;
    }
    body.set(segment, offset);
    offset += segment.byteLength;
    crc = index === 0 ? gzip.crcs[0]! : crc32Combine(crc, gzip.crcs[index]!, gzip.lengths[index]!);
    length += gzip.lengths[index]!;
  });
  body.set(FINAL_EMPTY_BLOCK, offset);
  offset += FINAL_EMPTY_BLOCK.byteLength;
  const trailer = new DataView(body.buffer, offset, 8);
  trailer.setUint32(0, crc, true);
  trailer.setUint32(4, length >>> 0, true);
  return body;
}

/** The text itself, for a client that does not take gzip. */
export function plainBody(gzip: GzipParts, between: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(gunzipSync(gzipBody(gzip, between)));
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or `x-gzip`, or `*`) with a quality above
 * zero, and not refused by name (RFC 9110 §12.5.3).
 */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const item of header.split(',')) {
    const [coding = '', ...params] = item.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') named = named === true || wanted;
    else if (coding === '*') any = wanted;
  }
  return named ?? any;
}

// CRC-32 of A followed by B from the CRCs of A and B and B's length: multiplying A's CRC by
// x^(8·len(B)) modulo the CRC polynomial (reflected), as zlib's crc32_combine does.
const POLY = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multiplyModP(p, p);
}

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multiplyModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
