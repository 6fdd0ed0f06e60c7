/** What a case attachment may be: the type from the bytes, the stored name, the served disposition. */
import { describe, expect, it } from 'vitest';
import { attachmentFileName, checkAttachments, contentDisposition, MAX_ATTACHMENT_BYTES, sniffAttachmentType } from '../../../worker/domain/after-sales/attachments';

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sniffAttachmentType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['HTML', bytes('<!doctype html><script>'), undefined],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), undefined],
    ['SVG after an XML declaration', bytes('<?xml version="1.0"?><svg>'), undefined],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), undefined],
    ['GIF', bytes('GIF89a'), undefined],
    ['PNG signature cut short', bytes(0x89, 'PNG'), undefined],
    ['nothing', bytes(), undefined],
  ])('%s → %s', (_name, head, expected) => {
    expect(sniffAttachmentType(head)).toBe(expected);
  });
});

describe('checkAttachments', () => {
  const png = { size: 10, head: bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a) };
  it.each([
    ['no files', [], undefined],
    ['five photos', Array(5).fill(png), undefined],
    ['six photos', Array(6).fill(png), 'attachmentTooLarge'],
    ['exactly 5 MB', [{ ...png, size: MAX_ATTACHMENT_BYTES }], undefined],
    ['one byte over 5 MB', [{ ...png, size: MAX_ATTACHMENT_BYTES + 1 }], 'attachmentTooLarge'],
    ['an empty file', [{ size: 0, head: bytes() }], 'attachmentType'],
    ['HTML among photos', [png, { size: 20, head: bytes('<html>') }], 'attachmentType'],
  ] as const)('%s → %s', (_name, files, expected) => {
    expect(checkAttachments(files)).toBe(expected);
  });
});

describe('attachmentFileName', () => {
  it.each([
    ['photo.png', 'image/png', 'photo.png'],
    ['receipt.png', 'application/pdf', 'receipt.pdf'],
    ['C:\\Users\\ana\\IMG 001.JPEG', 'image/jpeg', 'IMG 001.jpg'],
    ['../../etc/passwd', 'image/png', 'passwd.png'],
    ['"><img src=x>.webp', 'image/webp', 'img src=x.webp'],
    ['', 'application/pdf', 'file.pdf'],
    ['foto_rottura_ò.png', 'image/png', 'foto_rottura_ò.png'],
  ] as const)('%s as %s → %s', (name, type, expected) => {
    expect(attachmentFileName(name, type)).toBe(expected);
  });
});

describe('contentDisposition', () => {
  it('shows photos inline and downloads PDFs, with an ASCII fallback name', () => {
    expect(contentDisposition('image/png', 'foto ò.png')).toBe(`inline; filename="foto _.png"; filename*=UTF-8''foto%20%C3%B2.png`);
    expect(contentDisposition('application/pdf', 'a;b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%3Bb.pdf`);
  });
});
