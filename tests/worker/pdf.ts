/**
 * Reading the PDFs the store draws with pdf-lib, for assertions: each content stream cut by the
 * `/Length` of its dictionary (never by looking for the end-of-line before `endstream`, which
 * cuts a deflated stream whose last byte happens to be CR or LF), inflated when deflated.
 */

/** The PDF's streams, inflated, as Latin-1 text (the drawing operators). */
export async function pdfContent(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const raw = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const latin1 = new TextDecoder('latin1').decode(raw);
  const contents: string[] = [];
  // A stream keyword after its dictionary; the bytes of a stream are skipped, never searched.
  const streams = />>\s*stream\r?\n/g;
  for (let match = streams.exec(latin1); match; match = streams.exec(latin1)) {
    const start = match.index + match[0].length;
    // The stream's dictionary: from the object's header to the keyword.
    const dictionary = latin1.slice(Math.max(0, latin1.lastIndexOf(' obj', match.index)), match.index);
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const end = length ? start + Number(length[1]) : latin1.indexOf('endstream', start);
    if (end < start) break;
    let content = raw.slice(start, end);
    if (dictionary.includes('/FlateDecode')) {
      const inflated = new Response(new Blob([content]).stream().pipeThrough(new DecompressionStream('deflate')));
      content = new Uint8Array(await inflated.arrayBuffer());
    }
    contents.push(new TextDecoder('latin1').decode(content));
    streams.lastIndex = end;
  }
  return contents;
}

/** The strings the PDF draws (hex `<…> Tj` operators), decoded as Latin-1 (≈ WinAnsi), in drawing order. */
export async function pdfStrings(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const pieces: string[] = [];
  for (const ops of await pdfContent(bytes)) {
    for (const hex of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) pieces.push(new TextDecoder('latin1').decode(Uint8Array.from(hex[1]!.match(/../g) ?? [], (h) => parseInt(h, 16))));
  }
  return pieces;
}
