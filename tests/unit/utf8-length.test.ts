import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../worker/ssr/utf8-length';

describe('utf8Length', () => {
  it('counts the bytes Buffer.byteLength counts', () => {
    const samples = ['', 'a', '<div class="card">', 'portátil · 1.299,00 €', 'ß€𝄞😀', '\u{10FFFF}', '\u07FF\u0800\uFFFF'];
    for (const text of samples) expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('counts a lone surrogate as the three bytes of U+FFFD, at the end or before another character', () => {
    for (const text of ['\uD800', 'a\uDC00b', '\uD83D', '\uD83Dx', '\uDE00\uD83D']) expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('agrees with Buffer.byteLength on random strings of every range', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const ranges = [0x80, 0x800, 0xd800, 0xe000, 0x10000];
    for (let n = 0; n < 500; n++) {
      const units = Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * ranges[Math.floor(random() * ranges.length)]!));
      const text = String.fromCharCode(...units);
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('reactByteLengthPlugin', () => {
  it("replaces the Buffer.byteLength count of React's Bun build with utf8Length", async () => {
    const { readFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { createRequire } = await import('node:module');
    const { reactByteLengthPlugin } = await import('../../scripts/vite/shared');
    const file = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs/react-dom-server.bun.production.js');
    const transform = reactByteLengthPlugin().transform as (code: string, id: string) => { code: string };
    const { code } = transform(readFileSync(file, 'utf8'), file);
    expect(code).not.toContain('Buffer.byteLength');
    expect(code).toContain('function byteLengthOfChunk(text) {');
    expect(() => transform('function byteLengthOfChunk(chunk) { return chunk.length; }', file)).toThrow(/byteLengthOfChunk/);
  });
});
