// The post-body sanitizer: what it keeps, what it strips, and that our own seed content passes unchanged.
import { describe, expect, it } from 'vitest';
import { CMS_PAGES, SCHEDULED_UPDATES } from '../../scripts/seed/content-cms';
import { THEMED_POSTS } from '../../scripts/seed/content-posts';
import { safeHref, sanitizeHtml } from '../../worker/domain/content/sanitize';

describe('sanitizeHtml keeps the allowed elements', () => {
  it.each([
    ['<p>Hello <strong>bold</strong> and <em>light</em></p>'],
    ['<h2>Title</h2><h3>Sub</h3><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>'],
    ['<p>line<br>break</p>'],
    ['<p><a href="/blog">Blog</a> and <a href="https://example.org/a?b=1&amp;c=2">out</a></p>'],
    ['Caf&eacute; &amp; &#8364; &#x20AC; &nbsp;'],
  ])('%s', (html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('lowercases tags and normalises <br/>', () => {
    expect(sanitizeHtml('<P>Hi<BR/>there</P>')).toBe('<p>Hi<br>there</p>');
  });
});

describe('sanitizeHtml strips everything else', () => {
  it.each([
    ['script with its content', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['script in capitals, unclosed', '<p>a</p><SCRIPT src=x>alert(1)', '<p>a</p>'],
    ['style with its content', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['svg with a script inside', '<svg><script>alert(1)</script><a href="/x">x</a></svg>after', 'after'],
    ['event handlers and other attributes', '<p class="x" onclick="alert(1)" style="color:red">t</p>', '<p>t</p>'],
    ['an img with onerror, keeping nothing', '<p><img src=x onerror="alert(1)">t</p>', '<p>t</p>'],
    ['unknown elements, keeping their text', '<div><span>text</span> <h1>head</h1></div>', 'text head'],
    ['comments', '<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['doctype and processing instructions', '<!DOCTYPE html><?xml version="1.0"?><p>a</p>', '<p>a</p>'],
    ['a broken tag, as text', '<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['a lone less-than, as text', '<p>1 < 2 > 0 & more</p>', '<p>1 &lt; 2 &gt; 0 &amp; more</p>'],
    ['attributes on kept links except href', '<a href="/x" target="_blank" onmouseover="alert(1)">x</a>', '<a href="/x">x</a>'],
  ])('%s', (_label, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'http://example.org',
    '//evil.example/path',
    '/\\evil.example',
    'mailto:someone@example.org',
    'relative/path',
    '',
  ])('drops a link to %j and keeps its text', (href) => {
    expect(sanitizeHtml(`<p><a href="${href}">click</a> end</p>`)).toBe('<p>click end</p>');
  });

  it('drops a link without href', () => {
    expect(sanitizeHtml('<a name="x">anchor</a>')).toBe('anchor');
  });

  it('escapes quotes in a kept href so it cannot open an attribute', () => {
    expect(sanitizeHtml(`<a href='/search?q="x" onmouseover=alert(1)'>s</a>`)).toBe('<a href="/search?q=&quot;x&quot; onmouseover=alert(1)">s</a>');
  });
});

describe('sanitizeHtml balances the markup', () => {
  it.each([
    ['closes what is left open', '<p><strong>bold', '<p><strong>bold</strong></p>'],
    ['drops end tags with no start', '</li></ul><p>x</p></em>', '<p>x</p>'],
    ['closes inner elements before an outer end tag', '<ul><li><em>x</ul>y', '<ul><li><em>x</em></li></ul>y'],
    ['a block closes an open paragraph', '<p>a<ul><li>b</li></ul>', '<p>a</p><ul><li>b</li></ul>'],
    ['a new item closes the previous one', '<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
    ['links do not nest', '<a href="/a">a<a href="/b">b</a></a>', '<a href="/a">a</a><a href="/b">b</a>'],
  ])('%s', (_label, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('is idempotent', () => {
    const dirty = '<p onclick=x>a<ul><li><a href="/x" id=y>l<li>m</ul><script>z</script>&copy; < b';
    const once = sanitizeHtml(dirty);
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('safeHref', () => {
  it('allows site paths and https addresses only', () => {
    expect(safeHref('/blog/tag/deals')).toBe('/blog/tag/deals');
    expect(safeHref('https://www.openstreetmap.org/?a=1&amp;b=2')).toBe('https://www.openstreetmap.org/?a=1&b=2');
    expect(safeHref('HTTPS://example.org')).toBe('HTTPS://example.org');
    expect(safeHref('http://example.org')).toBeUndefined();
    expect(safeHref('//example.org')).toBeUndefined();
  });
});

describe('our own content', () => {
  const bodies = [...CMS_PAGES.flatMap((page) => page.body), ...THEMED_POSTS.flatMap((post) => post.body), ...SCHEDULED_UPDATES.flatMap((update) => update.addition)];

  it('passes through unchanged', () => {
    for (const body of bodies) expect(sanitizeHtml(body)).toBe(body);
  });
});
