/**
 * Generated product images for the demo catalogue: an SVG device silhouette chosen from the
 * image key's icon ("laptop-123" → laptop), coloured from a hash of the whole key, with the
 * brand drawn underneath at the larger presets. Pure and deterministic: no I/O.
 */

/** Image size presets in pixels (spec §9). */
export const IMAGE_PRESETS = { tiny: 44, small: 140, medium: 300, large: 530 } as const;

/** Which silhouette each catalogue icon uses. */
const SHAPE_BY_ICON: Record<string, Shape> = {
  laptop: 'laptop', computer: 'laptop',
  monitor: 'screen', tv: 'screen', desktop: 'tower', psu: 'tower',
  smartphone: 'phone', tablet: 'tablet', powerbank: 'phone', software: 'box', game: 'box',
  smartwatch: 'watch', headphones: 'headphones',
  speaker: 'speaker', soundbar: 'soundbar', projector: 'projector',
  console: 'console', gamepad: 'gamepad', chair: 'chair',
  keyboard: 'keyboard', mouse: 'mouse', webcam: 'lens', lens: 'lens', 'robot-vacuum': 'disc',
  printer: 'printer', fridge: 'fridge', washer: 'washer', dishwasher: 'washer', appliance: 'washer',
  coffee: 'appliance', 'air-fryer': 'appliance',
  camera: 'camera', 'action-cam': 'camera', drone: 'drone',
  gpu: 'card', cpu: 'chip', ram: 'card', ssd: 'card', motherboard: 'chip',
  router: 'router', mesh: 'speaker', switch: 'router',
};

type Shape =
  | 'laptop' | 'screen' | 'tower' | 'phone' | 'tablet' | 'box' | 'watch' | 'headphones' | 'speaker' | 'soundbar'
  | 'projector' | 'console' | 'gamepad' | 'chair' | 'keyboard' | 'mouse' | 'lens' | 'disc' | 'printer' | 'fridge'
  | 'washer' | 'appliance' | 'camera' | 'drone' | 'card' | 'chip' | 'router';

/** Each silhouette drawn in a 100×100 box; `b` is the body colour, `a` the accent. */
const SHAPES: Record<Shape, (b: string, a: string) => string> = {
  laptop: (b, a) => `<rect x="20" y="22" width="60" height="38" rx="3" fill="${b}"/><rect x="24" y="26" width="52" height="30" fill="${a}"/><path d="M12 64h76l-6 8H18z" fill="${b}"/>`,
  screen: (b, a) => `<rect x="12" y="18" width="76" height="48" rx="3" fill="${b}"/><rect x="16" y="22" width="68" height="40" fill="${a}"/><rect x="46" y="66" width="8" height="10" fill="${b}"/><rect x="32" y="76" width="36" height="4" rx="2" fill="${b}"/>`,
  tower: (b, a) => `<rect x="32" y="14" width="36" height="66" rx="4" fill="${b}"/><circle cx="50" cy="28" r="4" fill="${a}"/><rect x="38" y="44" width="24" height="4" fill="${a}"/><rect x="38" y="54" width="24" height="4" fill="${a}"/>`,
  phone: (b, a) => `<rect x="34" y="12" width="32" height="70" rx="6" fill="${b}"/><rect x="37" y="18" width="26" height="56" rx="2" fill="${a}"/>`,
  tablet: (b, a) => `<rect x="22" y="14" width="56" height="70" rx="6" fill="${b}"/><rect x="26" y="19" width="48" height="60" rx="2" fill="${a}"/>`,
  box: (b, a) => `<rect x="28" y="14" width="44" height="66" rx="3" fill="${b}"/><rect x="32" y="20" width="36" height="40" fill="${a}"/><rect x="32" y="66" width="24" height="5" fill="${a}"/>`,
  watch: (b, a) => `<rect x="40" y="10" width="20" height="78" rx="6" fill="${b}"/><rect x="32" y="30" width="36" height="38" rx="9" fill="${b}"/><rect x="36" y="34" width="28" height="30" rx="6" fill="${a}"/>`,
  headphones: (b, a) => `<path d="M22 56V46a28 28 0 0 1 56 0v10" fill="none" stroke="${b}" stroke-width="6"/><rect x="16" y="50" width="16" height="28" rx="6" fill="${a}"/><rect x="68" y="50" width="16" height="28" rx="6" fill="${a}"/>`,
  speaker: (b, a) => `<rect x="30" y="12" width="40" height="72" rx="10" fill="${b}"/><circle cx="50" cy="58" r="13" fill="${a}"/><circle cx="50" cy="28" r="6" fill="${a}"/>`,
  soundbar: (b, a) => `<rect x="8" y="40" width="84" height="18" rx="8" fill="${b}"/><circle cx="26" cy="49" r="5" fill="${a}"/><circle cx="50" cy="49" r="5" fill="${a}"/><circle cx="74" cy="49" r="5" fill="${a}"/>`,
  projector: (b, a) => `<rect x="16" y="34" width="68" height="30" rx="6" fill="${b}"/><circle cx="36" cy="49" r="10" fill="${a}"/><rect x="24" y="64" width="8" height="6" fill="${b}"/><rect x="68" y="64" width="8" height="6" fill="${b}"/>`,
  console: (b, a) => `<rect x="20" y="26" width="60" height="46" rx="6" fill="${b}"/><rect x="26" y="60" width="48" height="4" fill="${a}"/><circle cx="70" cy="36" r="3" fill="${a}"/>`,
  gamepad: (b, a) => `<path d="M28 34h44c10 0 16 10 16 24s-6 20-12 16l-10-10H34l-10 10c-6 4-12-2-12-16s6-24 16-24z" fill="${b}"/><path d="M28 46h12M34 40v12" stroke="${a}" stroke-width="4"/><circle cx="64" cy="44" r="3" fill="${a}"/><circle cx="70" cy="50" r="3" fill="${a}"/>`,
  chair: (b, a) => `<rect x="34" y="10" width="32" height="44" rx="8" fill="${b}"/><rect x="30" y="52" width="40" height="10" rx="4" fill="${a}"/><rect x="47" y="62" width="6" height="14" fill="${b}"/><path d="M30 84l20-8 20 8" stroke="${b}" stroke-width="4" fill="none"/>`,
  keyboard: (b, a) => `<rect x="8" y="36" width="84" height="30" rx="4" fill="${b}"/><path d="M14 44h72M14 51h72M14 58h72" stroke="${a}" stroke-width="3" stroke-dasharray="5 2"/>`,
  mouse: (b, a) => `<rect x="34" y="18" width="32" height="62" rx="16" fill="${b}"/><path d="M50 18v22" stroke="${a}" stroke-width="3"/>`,
  lens: (b, a) => `<circle cx="50" cy="48" r="32" fill="${b}"/><circle cx="50" cy="48" r="20" fill="${a}"/><circle cx="44" cy="42" r="5" fill="#fff" opacity=".5"/>`,
  disc: (b, a) => `<circle cx="50" cy="50" r="36" fill="${b}"/><circle cx="50" cy="50" r="26" fill="none" stroke="${a}" stroke-width="3"/><rect x="44" y="18" width="12" height="8" rx="3" fill="${a}"/>`,
  printer: (b, a) => `<rect x="30" y="14" width="40" height="20" fill="#fff" stroke="${b}" stroke-width="2"/><rect x="14" y="32" width="72" height="34" rx="5" fill="${b}"/><rect x="30" y="58" width="40" height="24" fill="#fff" stroke="${a}" stroke-width="2"/>`,
  fridge: (b, a) => `<rect x="28" y="8" width="44" height="84" rx="4" fill="${b}"/><path d="M28 38h44" stroke="${a}" stroke-width="2"/><rect x="64" y="16" width="3" height="14" fill="${a}"/><rect x="64" y="46" width="3" height="20" fill="${a}"/>`,
  washer: (b, a) => `<rect x="20" y="14" width="60" height="72" rx="5" fill="${b}"/><circle cx="50" cy="56" r="20" fill="${a}"/><circle cx="50" cy="56" r="13" fill="${b}" opacity=".4"/><rect x="26" y="20" width="20" height="6" fill="${a}"/>`,
  appliance: (b, a) => `<rect x="26" y="18" width="48" height="64" rx="10" fill="${b}"/><rect x="34" y="28" width="32" height="14" rx="3" fill="${a}"/><circle cx="50" cy="62" r="8" fill="${a}"/>`,
  camera: (b, a) => `<rect x="14" y="30" width="72" height="46" rx="6" fill="${b}"/><rect x="24" y="22" width="20" height="10" rx="2" fill="${b}"/><circle cx="50" cy="53" r="16" fill="${a}"/><circle cx="50" cy="53" r="8" fill="${b}"/>`,
  drone: (b, a) => `<rect x="38" y="40" width="24" height="18" rx="5" fill="${b}"/><path d="M38 44L20 30M62 44l18-14M38 54L20 68M62 54l18 14" stroke="${b}" stroke-width="4"/><ellipse cx="20" cy="28" rx="12" ry="3" fill="${a}"/><ellipse cx="80" cy="28" rx="12" ry="3" fill="${a}"/><ellipse cx="20" cy="70" rx="12" ry="3" fill="${a}"/><ellipse cx="80" cy="70" rx="12" ry="3" fill="${a}"/>`,
  card: (b, a) => `<rect x="10" y="34" width="80" height="30" rx="3" fill="${b}"/><circle cx="34" cy="49" r="10" fill="${a}"/><circle cx="64" cy="49" r="10" fill="${a}"/><path d="M18 64v6h40v-6" fill="${a}"/>`,
  chip: (b, a) => `<rect x="26" y="26" width="48" height="48" rx="4" fill="${b}"/><rect x="36" y="36" width="28" height="28" fill="${a}"/><path d="M34 18v8M46 18v8M58 18v8M34 74v8M46 74v8M58 74v8M18 34h8M18 46h8M18 58h8M74 34h8M74 46h8M74 58h8" stroke="${b}" stroke-width="3"/>`,
  router: (b, a) => `<rect x="14" y="50" width="72" height="20" rx="5" fill="${b}"/><path d="M26 50L20 24M50 50V20M74 50l6-26" stroke="${b}" stroke-width="4"/><circle cx="28" cy="60" r="3" fill="${a}"/><circle cx="38" cy="60" r="3" fill="${a}"/>`,
};

/** FNV-1a, so the same key always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Escapes text for XML content and attribute values. */
const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The SVG document for an image key at `size` pixels. The label (the brand) is drawn only from
 * the small preset up, where it stays legible.
 */
export function renderProductImage(key: string, size: number, label: string): string {
  const icon = key.replace(/-\d+$/, '');
  const shape = SHAPES[SHAPE_BY_ICON[icon] ?? 'box'];
  const h = hash(key);
  const hue = h % 360;
  const background = `hsl(${hue} 45% 94%)`;
  const body = `hsl(${(hue + 200) % 360} 18% ${22 + ((h >>> 9) % 14)}%)`;
  const accent = `hsl(${(hue + 40) % 360} 70% ${48 + ((h >>> 17) % 12)}%)`;
  const withLabel = size >= IMAGE_PRESETS.small && label.trim() !== '';
  const art = withLabel ? `<g transform="translate(10 2) scale(.8)">${shape(body, accent)}</g>` : shape(body, accent);
  const text = withLabel
    ? `<text x="50" y="93" text-anchor="middle" font-family="system-ui, sans-serif" font-size="8" font-weight="600" fill="${body}">${escapeXml(label)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="100" height="100" fill="${background}"/>${art}${text}</svg>`
  );
}
