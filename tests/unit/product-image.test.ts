// Generated product images: every shape in every view it has is a well-formed, small, distinct
// SVG, and the same key always draws the same picture.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_PRESETS, renderProductImage } from '../../worker/media/product-image';
import { IMAGE_VIEWS, SHAPES, shapeOf, viewsOf, viewsOfShape, type Shape } from '../../worker/media/views';
import { KIND_DEFS } from '../../scripts/seed/kinds';

/** The largest document we accept (bytes, uncompressed): images stay cheap to generate and send. */
const MAX_BYTES = 6000;

/** An image key per shape, as the seed writes them (`{icon}-{article id}`). */
const ICON_OF: Partial<Record<Shape, string>> = {
  screen: 'monitor', tower: 'desktop', phone: 'smartphone', battery: 'powerbank', box: 'game', watch: 'smartwatch',
  lens: 'webcam', disc: 'robot-vacuum', appliance: 'coffee', card: 'gpu', stick: 'ram', chip: 'cpu',
};
const keyOf = (shape: Shape, id = 12) => `${ICON_OF[shape] ?? shape}-${id}`;

/**
 * Checks what a browser needs to draw the document: balanced elements with quoted attributes,
 * one root <svg>, and every url(#id) pointing at an element the document defines.
 */
function assertWellFormedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/g;
  let consumed = 0;
  let roots = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    // Only text may sit between tags, never a stray '<' or '>' (an unclosed or unquoted tag).
    expect(svg.slice(consumed, match.index)).not.toMatch(/[<>]/);
    consumed = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    } else if (stack.length === 0) roots++;
  }
  expect(consumed).toBe(svg.length);
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids, `url(#${ref}) is defined`).toContain(ref);
  expect(svg).not.toMatch(/NaN|undefined|null/);
}

describe('generated product images', () => {
  it('gives every shape 3 to 5 views, front first', () => {
    for (const shape of SHAPES) {
      const views = viewsOfShape(shape);
      expect(views.length, shape).toBeGreaterThanOrEqual(3);
      expect(views.length, shape).toBeLessThanOrEqual(5);
      expect(views[0]).toBe('front');
      expect(views).toContain('scene');
    }
  });

  it('draws every catalogue icon of the seed as its own device, not the fallback box', () => {
    const boxed = new Set(['software', 'game']);
    for (const kind of KIND_DEFS) {
      expect(shapeOf(`${kind.icon}-1`) === 'box', kind.icon).toBe(boxed.has(kind.icon));
    }
  });

  describe.each(SHAPES.map((shape) => [shape]))('%s', (shape) => {
    const key = keyOf(shape);
    const views = viewsOf(key);

    it('renders each of its views as well-formed SVG under the size budget, at every preset', () => {
      expect(shapeOf(key)).toBe(shape);
      for (const view of views) {
        for (const size of Object.values(IMAGE_PRESETS)) {
          const svg = renderProductImage(key, size, 'Long Brand Name & Co <Ltd> "Int" 12345', view)!;
          assertWellFormedSvg(svg);
          expect(new TextEncoder().encode(svg).length, `${shape}/${view}`).toBeLessThan(MAX_BYTES);
          expect(svg).toContain(`width="${size}" height="${size}"`);
        }
      }
    });

    it('draws different content in each view', () => {
      const drawings = views.map((view) => renderProductImage(key, IMAGE_PRESETS.large, '', view));
      expect(new Set(drawings).size).toBe(views.length);
    });

    it('has no drawing for the views it does not have', () => {
      for (const view of IMAGE_VIEWS.filter((v) => !views.includes(v))) expect(renderProductImage(key, 300, '', view)).toBeNull();
    });
  });

  it('draws each shape differently from the others', () => {
    const fronts = SHAPES.map((shape) => renderProductImage(`${ICON_OF[shape] ?? shape}-5`, 300, '', 'front')!.replace(/<defs>.*<\/defs>/, ''));
    expect(new Set(fronts).size).toBe(SHAPES.length);
  });

  it('writes the brand on the front view from the small preset up, escaped', () => {
    expect(renderProductImage('laptop-3', 140, 'A&B <x>')).toContain('>A&amp;B &lt;x&gt;</text>');
    expect(renderProductImage('laptop-3', 44, 'A&B')).not.toContain('<text');
    expect(renderProductImage('laptop-3', 530, 'A&B', 'side')).not.toContain('<text');
  });

  it('is deterministic per key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.integer({ min: 1, max: 99_999 }), (shape, id) => {
        for (const view of viewsOfShape(shape)) expect(renderProductImage(keyOf(shape, id), 300, 'Brand', view)).toBe(renderProductImage(keyOf(shape, id), 300, 'Brand', view));
      }),
    );
  });

  it('colours two products of a kind differently', () => {
    for (const shape of SHAPES) {
      for (const view of viewsOfShape(shape)) {
        const drawings = [101, 102, 103, 104, 105, 106].map((id) => renderProductImage(keyOf(shape, id), 300, '', view));
        expect(new Set(drawings).size, `${shape}/${view}`).toBe(drawings.length);
      }
    }
  });

  it('draws keys named like Object.prototype members as the fallback box, not a crash', () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty-12']) {
      expect(viewsOf(key).length).toBeGreaterThan(0);
      assertWellFormedSvg(renderProductImage(key, 530, 'Brand', 'front')!);
    }
  });

  it('renders any key the route accepts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,64}$/), fc.constantFrom(...IMAGE_VIEWS), (key, view) => {
        const svg = renderProductImage(key, 530, 'Brand', view);
        if (!viewsOf(key).includes(view)) {
          expect(svg).toBeNull();
        } else {
          assertWellFormedSvg(svg!);
          expect(svg!.length).toBeLessThan(MAX_BYTES);
        }
      }),
      { numRuns: 300 },
    );
  });
});
