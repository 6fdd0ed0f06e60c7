/**
 * Media uploads judged by their bytes (worker/domain/ugc/media-types.ts): magic numbers of each
 * accepted type, dimensions read from real images' headers, files that lie about their name,
 * truncated files, the limits, and the Range header of the video route.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, parseRange, sniffMedia, sniffType } from '../../worker/domain/ugc/media-types';
import { JPEG_100x150, JPEG_160x120_EXIF, PNG_120x100, PNG_600x400, PNG_99x300, WEBP_ALPHA_130x110, WEBP_LOSSLESS_101x102, WEBP_LOSSY_200x100 } from './ugc-media-fixtures';

const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** An ISO BMFF file's first box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (brand: string) => concat([0, 0, 0, 24], text('ftyp'), text(brand), [0, 0, 2, 0], text('isommp41'), [0, 0, 0, 8], text('mdat'));
/** An EBML header with its DocType element (0x4282). */
const ebml = (docType: string) => concat([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], text(docType), [0x42, 0x87, 0x81, 0x04, 0x18, 0x53, 0x80, 0x67]);

/** A PNG header (signature and IHDR) claiming the given size. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  b.set(text('IHDR'), 12);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

describe('sniffMedia: the type and dimensions from the bytes', () => {
  it.each([
    ['PNG', PNG_120x100, 'image/png', 120, 100],
    ['PNG 600×400', PNG_600x400, 'image/png', 600, 400],
    ['JPEG', JPEG_100x150, 'image/jpeg', 100, 150],
    ['JPEG with an EXIF block before the frame header', JPEG_160x120_EXIF, 'image/jpeg', 160, 120],
    ['WebP lossy (VP8)', WEBP_LOSSY_200x100, 'image/webp', 200, 100],
    ['WebP lossless (VP8L)', WEBP_LOSSLESS_101x102, 'image/webp', 101, 102],
    ['WebP with alpha (VP8X)', WEBP_ALPHA_130x110, 'image/webp', 130, 110],
  ])('%s', (_name, bytes, contentType, width, height) => {
    expect(sniffMedia(bytes)).toEqual({ ok: true, media: { kind: 'image', contentType, width, height } });
  });

  it.each([
    ['MP4 isom', ftyp('isom'), 'video/mp4'],
    ['MP4 mp42', ftyp('mp42'), 'video/mp4'],
    ['MP4 avc1', ftyp('avc1'), 'video/mp4'],
    ['MP4 iso5 (DASH)', ftyp('iso5'), 'video/mp4'],
    ['WebM', ebml('webm'), 'video/webm'],
  ])('%s is a video, without dimensions', (_name, bytes, contentType) => {
    expect(sniffMedia(bytes)).toEqual({ ok: true, media: { kind: 'video', contentType, width: null, height: null } });
  });

  it.each([
    ['HTML (whatever its name says: photo.png)', text('<!doctype html><script>alert(1)</script>')],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>')],
    ['PDF', text('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')],
    ['GIF', concat(text('GIF89a'), [100, 0, 100, 0, 0, 0, 0])],
    ['QuickTime (ftyp qt)', ftyp('qt  ')],
    ['HEIC (ftyp heic)', ftyp('heic')],
    ['Matroska that is not WebM', ebml('matroska')],
    ['RIFF that is not WebP (WAVE)', concat(text('RIFF'), [36, 0, 0, 0], text('WAVEfmt '), new Array(24).fill(0))],
    ['a PNG signature with a broken first chunk', concat(pngHeader(200, 200).subarray(0, 12), text('IDAT'), new Array(17).fill(0))],
  ])('%s is refused as a type', (_name, bytes) => {
    expect(sniffMedia(bytes)).toEqual({ ok: false, problem: 'type' });
  });

  it('a PNG named .jpg is a PNG: only the bytes count (sniffType never sees a name)', () => {
    expect(sniffType(PNG_120x100)).toBe('image/png');
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['a JPEG cut inside its signature', JPEG_100x150.subarray(0, 2)],
    ['a JPEG cut before its frame header', JPEG_160x120_EXIF.subarray(0, 60)],
    ['a PNG cut inside IHDR', PNG_120x100.subarray(0, 20)],
    ['a PNG cut inside its signature', PNG_120x100.subarray(0, 5)],
    ['a lossy WebP cut before its size', WEBP_LOSSY_200x100.subarray(0, 26)],
    ['a lossless WebP cut before its size', WEBP_LOSSLESS_101x102.subarray(0, 22)],
  ])('%s is truncated', (_name, bytes) => {
    expect(sniffMedia(bytes)).toEqual({ ok: false, problem: 'truncated' });
  });

  it('refuses images under 100 px on a side or over 40 megapixels, accepts the limits themselves', () => {
    expect(sniffMedia(PNG_99x300)).toEqual({ ok: false, problem: 'dimensions' });
    expect(sniffMedia(pngHeader(100, 100)).ok).toBe(true);
    expect(sniffMedia(pngHeader(8000, 5000)).ok).toBe(true);
    expect(sniffMedia(pngHeader(8000, 5001))).toEqual({ ok: false, problem: 'dimensions' });
    expect(sniffMedia(pngHeader(100_000, 99))).toEqual({ ok: false, problem: 'dimensions' });
  });

  it('applies the size limit of the kind the bytes show (8 MB images, 30 MB videos)', () => {
    expect(sniffMedia(PNG_120x100, MEDIA_LIMITS.imageBytes).ok).toBe(true);
    expect(sniffMedia(PNG_120x100, MEDIA_LIMITS.imageBytes + 1)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(sniffMedia(ftyp('isom'), MEDIA_LIMITS.imageBytes + 1).ok).toBe(true);
    expect(sniffMedia(ftyp('isom'), MEDIA_LIMITS.videoBytes + 1)).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('parseRange: the Range header of the video route', () => {
  it.each([
    [undefined, 1000, null],
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=5-4', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-1,5-9', 1000, null],
    ['items=0-1', 1000, null],
    ['bytes=-', 1000, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
