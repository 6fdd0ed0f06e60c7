/**
 * The allow-list sanitizer for post bodies. They come from our own CMS and are trusted, but they
 * are inserted with dangerouslySetInnerHTML, so a pasted script, style or event handler must
 * never reach the page. Kept: p, h2, h3, ul, ol, li, strong, em, br and a with an href that is
 * a site path (`/…`) or `https:`. Every attribute but that href is dropped; the tags of other
 * elements are dropped with their text kept, and script-like elements lose their content too.
 * The output is balanced (every kept element is closed), so a body cannot leak formatting or
 * structure into the rest of the page. Runs without a DOM (Workers have none).
 */

const ALLOWED = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']);

/** Elements whose content is not text for the reader: dropped whole. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title', 'xmp', 'svg', 'math', 'select', 'head', 'noembed', 'noframes',
]);

/** Opening a block closes an open paragraph, as the HTML parser would. */
const CLOSES_PARAGRAPH = new Set(['p', 'h2', 'h3', 'ul', 'ol']);

/** A start or end tag with well-formed attributes; anything else starting with '<' is text. */
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', sol: '/', tab: '\t', newline: '\n' };

function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The link target if it is allowed: a path on this site (not `//host`, which leaves it) or an
 * `https:` address. Entities and the tabs and newlines browsers ignore are resolved first, so
 * `&#106;avascript:` or `java\tscript:` cannot pass for something else.
 */
export function safeHref(raw: string): string | undefined {
  const value = decodeEntities(raw).replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (/^\/(?![/\\])/.test(value) || /^https:/i.test(value)) return value;
  return undefined;
}

function hrefOf(attributes: string): string | undefined {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]!.toLowerCase() === 'href') return safeHref(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return undefined;
}

/** Escapes text for HTML, keeping well-formed character references as they are. */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += ENTITY.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else out += ch;
  }
  return out;
}

/** Returns the body with only the allowed elements and attributes, balanced and escaped. */
export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  /** Kept `a` start tags that were dropped (bad href): their end tags are dropped too. */
  let droppedLinks = 0;
  const close = (name: string) => {
    while (open.length > 0) {
      const top = open.pop()!;
      out += `</${top}>`;
      if (top === name) return;
    }
  };
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(input.slice(i));
      break;
    }
    out += escapeText(input.slice(i, lt));
    const rest = input.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = input.indexOf('-->', lt + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (rest.startsWith('<!') || rest.startsWith('<?')) {
      const end = input.indexOf('>', lt);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = lt + tag[0].length;
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, 'i').exec(input.slice(i));
      i = end ? i + end.index + end[0].length : input.length;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (name === 'br') {
      if (!closing) out += '<br>';
      continue;
    }
    if (closing) {
      if (name === 'a' && !open.includes('a') && droppedLinks > 0) droppedLinks--;
      else if (open.includes(name)) close(name);
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(tag[3] ?? '');
      if (href === undefined) {
        droppedLinks++;
        continue;
      }
      if (open.includes('a')) close('a');
      open.push('a');
      out += `<a href="${escapeAttribute(href)}">`;
      continue;
    }
    if (CLOSES_PARAGRAPH.has(name) && open.includes('p')) close('p');
    if (name === 'li' && open[open.length - 1] === 'li') close('li');
    open.push(name);
    out += `<${name}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
