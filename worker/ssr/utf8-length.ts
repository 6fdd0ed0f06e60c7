/**
 * The UTF-8 length of a string, as `Buffer.byteLength(text, 'utf8')` gives it (a lone surrogate
 * is written as U+FFFD, three bytes). Self-contained: the worker build puts its source in place
 * of React's own byte count (scripts/vite/shared.ts `reactByteLengthPlugin`).
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: four bytes for two units
      i++;
    } else bytes += 2;
  }
  return bytes;
}
