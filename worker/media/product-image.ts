/**
 * Generated product images for the demo catalogue: studio-style SVG renders of a device,
 * chosen from the image key's icon ("laptop-123" → laptop), in one of its views (front, back,
 * side, connectors close-up, in use — worker/media/views.ts). The finish (graphite, silver,
 * blue…), the screen wallpaper and the scene's details come from a hash of the whole key, so
 * one product always looks the same and two products of a kind differ. Pure and deterministic:
 * no I/O. Every drawing lives in a 100×100 box; gradients give volume, a soft floor shadow
 * grounds the object, and each document stays a few kilobytes (tests/unit/product-image.test.ts).
 */
import { shapeOf, viewsOfShape, type ImageView, type Shape } from './views';

/** Image size presets in pixels (spec §9). */
export const IMAGE_PRESETS = { tiny: 44, small: 140, medium: 300, large: 530 } as const;

/** Body finishes: light and dark end of the body gradient, and the colour of keys and buttons. */
const FINISHES: readonly (readonly [string, string, string])[] = [
  ['#737882', '#2b2e34', '#1b1c1f'], // graphite
  ['#f3f4f6', '#adb3bb', '#2a2c30'], // silver
  ['#4a4c52', '#121316', '#08090a'], // black
  ['#ffffff', '#d3d7dc', '#c4c8ce'], // white
  ['#7493bb', '#2c466a', '#1b273a'], // blue
  ['#f2e4d2', '#c2a888', '#3b3026'], // sand
  ['#8aa896', '#3a5645', '#1d2b22'], // green
  ['#d86a60', '#7a261f', '#2a1210'], // red
];

const SKINS = ['#f1c7a5', '#d9a17a', '#b57a52', '#8a5638', '#5e3a26'];

interface Paint {
  /** Wallpaper / theme hue. */
  hue: number;
  key: string;
  /** A bright accent (LEDs, RGB rings, logo). */
  accent: string;
  skin: string;
  /** 0–3, picks small scene variations. */
  variant: number;
}

/** FNV-1a, so the same key always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Escapes text for XML content and attribute values. */
const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const n = (v: number) => String(Math.round(v * 10) / 10);

const grad = (id: string, from: string, to: string, vertical = false) =>
  `<linearGradient id="${id}" x2="${vertical ? 0 : 1}" y2="1"><stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

function defs(h: number, hue: number, finish: readonly [string, string, string]): string {
  return (
    '<defs>' +
    grad('bg', `hsl(${hue} 30% 97%)`, `hsl(${hue} 22% 88%)`, true) +
    grad('b', finish[0], finish[1]) +
    grad('d', '#41444b', '#0b0c0e') +
    grad('m', '#fafbfc', '#8c929a') +
    grad('s', `hsl(${(hue + 180) % 360} 78% 62%)`, `hsl(${(hue + 240) % 360} 66% ${24 + (h % 10)}%)`) +
    '<linearGradient id="g" x2="0" y2="1"><stop stop-color="#fff" stop-opacity=".55"/><stop offset=".7" stop-color="#fff" stop-opacity="0"/></linearGradient>' +
    '<radialGradient id="f"><stop stop-opacity=".38"/><stop offset="1" stop-opacity="0"/></radialGradient>' +
    '<pattern id="p" width="1.6" height="1.6" patternUnits="userSpaceOnUse"><circle cx=".8" cy=".8" r=".45" fill-opacity=".35"/></pattern>' +
    '</defs>'
  );
}

/** Soft contact shadow under an object. */
const shadow = (cx: number, cy: number, rx: number, ry: number) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#f)"/>`;

/** A desktop on a screen: wallpaper, two windows, a dock. */
function desktop(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#s)"/>` +
    `<rect x="${n(x + w * 0.08)}" y="${n(y + h * 0.12)}" width="${n(w * 0.5)}" height="${n(h * 0.56)}" rx=".8" fill="#fff" fill-opacity=".9"/>` +
    `<rect x="${n(x + w * 0.08)}" y="${n(y + h * 0.12)}" width="${n(w * 0.5)}" height="${n(h * 0.08)}" fill="#000" fill-opacity=".12"/>` +
    `<path d="M${n(x + w * 0.12)} ${n(y + h * 0.32)}h${n(w * 0.3)}M${n(x + w * 0.12)} ${n(y + h * 0.42)}h${n(w * 0.4)}M${n(x + w * 0.12)} ${n(y + h * 0.52)}h${n(w * 0.22)}" stroke="#000" stroke-opacity=".25" stroke-width="${n(h * 0.04)}"/>` +
    `<rect x="${n(x + w * 0.64)}" y="${n(y + h * 0.22)}" width="${n(w * 0.28)}" height="${n(h * 0.44)}" rx=".8" fill="#fff" fill-opacity=".55"/>` +
    `<rect x="${n(x + w * 0.3)}" y="${n(y + h * 0.83)}" width="${n(w * 0.4)}" height="${n(h * 0.1)}" rx="${n(h * 0.04)}" fill="#fff" fill-opacity=".4"/>`
  );
}

/** A phone or tablet home screen: clock widget and a grid of app icons. */
function homeScreen(x: number, y: number, w: number, h: number, cols: number): string {
  const cell = w / cols;
  const icon = cell * 0.62;
  let icons = '';
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < cols; col++) {
      icons += `M${n(x + col * cell + (cell - icon) / 2)} ${n(y + h * 0.36 + row * cell * 1.05)}h${n(icon)}v${n(icon)}h-${n(icon)}z`;
    }
  }
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w * 0.12)}" fill="url(#s)"/>` +
    `<rect x="${n(x + w * 0.18)}" y="${n(y + h * 0.1)}" width="${n(w * 0.64)}" height="${n(h * 0.17)}" rx="${n(w * 0.06)}" fill="#fff" fill-opacity=".3"/>` +
    `<rect x="${n(x + w * 0.28)}" y="${n(y + h * 0.14)}" width="${n(w * 0.44)}" height="${n(h * 0.05)}" rx="1" fill="#fff" fill-opacity=".9"/>` +
    `<path d="${icons}" fill="#fff" fill-opacity=".78"/>` +
    `<rect x="${n(x + w * 0.06)}" y="${n(y + h * 0.86)}" width="${n(w * 0.88)}" height="${n(h * 0.1)}" rx="${n(w * 0.06)}" fill="#fff" fill-opacity=".3"/>`
  );
}

/** A landscape photo (TV picture, camera screen, projection). */
function landscape(x: number, y: number, w: number, h: number): string {
  const px = (f: number) => n(x + w * f);
  const py = (f: number) => n(y + h * f);
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#s)"/>` +
    `<circle cx="${px(0.72)}" cy="${py(0.3)}" r="${n(h * 0.12)}" fill="#fff3c4"/>` +
    `<path d="M${px(0)} ${py(0.75)}L${px(0.25)} ${py(0.38)}L${px(0.42)} ${py(0.6)}L${px(0.6)} ${py(0.42)}L${px(1)} ${py(0.8)}V${py(1)}H${px(0)}z" fill="#1d2a3a" fill-opacity=".55"/>` +
    `<path d="M${px(0)} ${py(0.88)}Q${px(0.5)} ${py(0.7)} ${px(1)} ${py(0.9)}V${py(1)}H${px(0)}z" fill="#0d1a14" fill-opacity=".6"/>`
  );
}

/** A glossy reflection across a screen. */
const gloss = (x: number, y: number, w: number, h: number) =>
  `<path d="M${n(x)} ${n(y)}h${n(w * 0.55)}l-${n(w * 0.3)} ${n(h)}H${n(x)}z" fill="#fff" fill-opacity=".08"/>`;

type Port = 'usbc' | 'usba' | 'usbb' | 'hdmi' | 'dp' | 'jack' | 'rj45' | 'dc' | 'sd' | 'button' | 'led' | 'grille' | 'ac' | 'optical';

const PORT_WIDTH: Record<Port, number> = { usbc: 10, usba: 13, usbb: 10, hdmi: 15, dp: 14, jack: 7, rj45: 13, dc: 8, sd: 15, button: 10, led: 3, grille: 15, ac: 15, optical: 8 };

/** One connector cut into the device's edge, centred at (cx, 57). */
function port(kind: Port, cx: number): string {
  const x = (w: number) => n(cx - w / 2);
  switch (kind) {
    case 'usbc': return `<rect x="${x(10)}" y="54.5" width="10" height="5" rx="2.5" fill="#0d0e10"/><rect x="${x(6)}" y="56.4" width="6" height="1.2" rx=".6" fill="#9aa0a8"/>`;
    case 'usba': return `<rect x="${x(13)}" y="53.5" width="13" height="7" rx=".6" fill="#0d0e10"/><rect x="${x(10)}" y="54.5" width="10" height="2.4" fill="#2f6fdc"/>`;
    case 'usbb': return `<path d="M${x(10)} 52.5h10v6.5l-2 2h-6l-2-2z" fill="#0d0e10"/><rect x="${x(6)}" y="54.5" width="6" height="3" fill="#c8ccd2"/>`;
    case 'hdmi': return `<path d="M${x(15)} 53.5h15v4l-2.5 2.5h-10l-2.5-2.5z" fill="#0d0e10"/><rect x="${x(10)}" y="55.5" width="10" height="1.2" fill="#d4a93c"/>`;
    case 'dp': return `<path d="M${x(14)} 53.5h14v7h-11.5l-2.5-2.5z" fill="#0d0e10"/><rect x="${x(9)}" y="55.7" width="9" height="1.2" fill="#d4a93c"/>`;
    case 'jack': return `<circle cx="${n(cx)}" cy="57" r="3.3" fill="#9aa0a8"/><circle cx="${n(cx)}" cy="57" r="2.2" fill="#0d0e10"/>`;
    case 'rj45': return `<path d="M${x(13)} 51.5h13v9h-4v2h-5v-2h-4z" fill="#0d0e10"/><path d="M${x(9)} 53.2h9" stroke="#d4a93c" stroke-width="1.2" stroke-dasharray=".6 .6"/><circle cx="${n(cx - 5)}" cy="50" r=".8" fill="#4ade80"/><circle cx="${n(cx + 5)}" cy="50" r=".8" fill="#fbbf24"/>`;
    case 'dc': return `<circle cx="${n(cx)}" cy="57" r="4" fill="#0d0e10"/><circle cx="${n(cx)}" cy="57" r="1.2" fill="#c8ccd2"/>`;
    case 'sd': return `<rect x="${x(15)}" y="55.8" width="15" height="2.4" rx=".6" fill="#0d0e10"/>`;
    case 'button': return `<rect x="${x(10)}" y="54.5" width="10" height="5" rx="2.5" fill="url(#b)" stroke="#000" stroke-opacity=".35" stroke-width=".5"/>`;
    case 'led': return `<circle cx="${n(cx)}" cy="57" r="1.3" fill="#4ade80"/><circle cx="${n(cx)}" cy="57" r="2.6" fill="#4ade80" fill-opacity=".25"/>`;
    case 'grille': return `<path d="M${x(13)} 57h13" stroke="#0d0e10" stroke-width="1.8" stroke-linecap="round" stroke-dasharray="0 2.6"/>`;
    case 'ac': return `<rect x="${x(15)}" y="51.5" width="15" height="11" rx="2" fill="#0d0e10"/><path d="M${n(cx - 4)} 55.5v3M${n(cx)} 54.5v3M${n(cx + 4)} 55.5v3" stroke="#c8ccd2" stroke-width="1.4"/>`;
    case 'optical': return `<path d="M${x(8)} 54h8v6h-8z" fill="#0d0e10"/><rect x="${x(4)}" y="55.5" width="4" height="3" fill="#d94b4b"/>`;
  }
}

/** The connectors close-up: a macro shot of the device's edge with its ports in a row. */
function portsView(ports: readonly Port[]): string {
  const gap = 4;
  const total = ports.reduce((sum, p) => sum + PORT_WIDTH[p], 0) + gap * (ports.length - 1);
  let x = 50 - total / 2;
  let cut = '';
  for (const p of ports) {
    cut += port(p, x + PORT_WIDTH[p] / 2);
    x += PORT_WIDTH[p] + gap;
  }
  // A long row is shrunk around the centre of the edge so that it stays inside the frame.
  const fit = Math.min(1, 90 / total);
  if (fit < 1) cut = `<g transform="translate(${n(50 - 50 * fit)} ${n(57 - 57 * fit)}) scale(${Math.round(fit * 100) / 100})">${cut}</g>`;
  return (
    '<rect width="100" height="100" fill="url(#bg)"/>' +
    shadow(50, 80, 60, 6) +
    '<path d="M-2 22L102 14V42H-2z" fill="url(#b)"/><path d="M-2 22L102 14V42H-2z" fill="url(#g)"/>' +
    '<path d="M-2 42H102V72Q102 76 98 76H2Q-2 76-2 72z" fill="url(#b)"/><path d="M-2 42H102V72Q102 76 98 76H2Q-2 76-2 72z" fill="#000" fill-opacity=".22"/>' +
    '<path d="M-2 42.2H102" stroke="#fff" stroke-opacity=".6" stroke-width=".6"/>' +
    cut
  );
}

type Scene = 'desk' | 'living' | 'cinema' | 'hand' | 'wrist' | 'kitchen' | 'floor' | 'sky' | 'pc';

/** The backdrop of the "in use" view, drawn before the product. */
function sceneBack(kind: Scene, p: Paint): string {
  const wall = `hsl(${p.hue} 24% 90%)`;
  const wood = ['#b8875a', '#9b6b45', '#d2a679', '#7d5a3f'][p.variant]!;
  switch (kind) {
    case 'desk':
      return (
        `<rect width="100" height="100" fill="${wall}"/>` +
        '<rect x="8" y="8" width="30" height="38" rx="1" fill="#fff" fill-opacity=".7"/><rect x="10" y="10" width="26" height="34" fill="#cfe6f7"/><path d="M23 10v34M10 27h26" stroke="#fff" stroke-width="1.2"/>' +
        `<path d="M84 60c-6-10-4-20 2-26M86 60c2-12 8-18 12-20M85 60c-8-6-14-8-18-6" stroke="#3f7d4e" stroke-width="2.4" fill="none" stroke-linecap="round"/><path d="M78 60h14l-2 12H80z" fill="${p.variant % 2 ? '#e7e2d9' : '#c0704c'}"/>` +
        `<rect y="72" width="100" height="28" fill="${wood}"/><rect y="72" width="100" height="1.5" fill="#fff" fill-opacity=".35"/><path d="M0 84h100M0 93h100" stroke="#000" stroke-opacity=".06" stroke-width="2"/>`
      );
    case 'living':
      return (
        `<rect width="100" height="100" fill="hsl(${p.hue} 16% 84%)"/>` +
        `<rect y="88" width="100" height="12" fill="${wood}"/>` +
        '<path d="M92 20l-4 14h8z" fill="#f5e6c4"/><rect x="91.5" y="34" width="1" height="40" fill="#55585e"/>' +
        '<rect x="10" y="74" width="80" height="14" rx="1.5" fill="#3a3d44"/><rect x="10" y="74" width="80" height="2" fill="#fff" fill-opacity=".15"/><path d="M50 76v11" stroke="#000" stroke-opacity=".3" stroke-width=".6"/>'
      );
    case 'cinema':
      return (
        '<rect width="100" height="100" fill="#1c1e24"/>' +
        '<rect x="30" y="8" width="64" height="38" fill="#e9ecf1"/>' +
        landscape(31, 9, 62, 36) +
        '<path d="M36 64L31 9H93L44 64z" fill="#fff" fill-opacity=".07"/>' +
        '<rect y="74" width="100" height="26" fill="#2c2f36"/><rect x="4" y="72" width="56" height="4" rx="1" fill="#4a4e57"/>'
      );
    case 'hand':
    case 'wrist':
      return (
        `<rect width="100" height="100" fill="hsl(${p.hue} 28% 86%)"/>` +
        `<circle cx="18" cy="22" r="14" fill="hsl(${(p.hue + 40) % 360} 60% 75%)" fill-opacity=".5"/><circle cx="84" cy="30" r="18" fill="hsl(${(p.hue + 200) % 360} 50% 78%)" fill-opacity=".5"/><circle cx="76" cy="80" r="10" fill="#fff" fill-opacity=".4"/>` +
        (kind === 'hand'
          ? `<path d="M28 100C27 86 30 72 38 64H66C72 72 74 86 72 100z" fill="${p.skin}"/>`
          : `<path d="M36 0H64L66 100H34z" fill="${p.skin}"/><path d="M36 0H42L41 100H34z" fill="#000" fill-opacity=".08"/>`)
      );
    case 'kitchen':
      return (
        '<rect width="100" height="100" fill="#eef0f2"/>' +
        '<pattern id="t" width="10" height="6" patternUnits="userSpaceOnUse"><path d="M0 .3H10M.3 0V6" stroke="#cfd4da" stroke-width=".6"/></pattern><rect width="100" height="64" fill="url(#t)"/>' +
        `<rect y="64" width="100" height="36" fill="hsl(${p.hue} 12% ${p.variant % 2 ? 30 : 72}%)"/><rect y="62" width="100" height="3" fill="#dcd6cc"/><path d="M0 82h100" stroke="#000" stroke-opacity=".12"/>`
      );
    case 'floor':
      return (
        `<rect width="100" height="58" fill="${wall}"/><rect y="56" width="100" height="2" fill="#fff" fill-opacity=".8"/><rect x="62" y="12" width="22" height="28" fill="#fff"/><rect x="64" y="14" width="18" height="24" fill="url(#s)" fill-opacity=".6"/>` +
        `<rect y="58" width="100" height="42" fill="${wood}"/><path d="M20 58L0 78M45 58L38 100M62 58L72 100M82 58L100 80M0 68h100M0 84h100" stroke="#000" stroke-opacity=".1" stroke-width=".6"/>` +
        `<ellipse cx="50" cy="86" rx="42" ry="10" fill="hsl(${p.hue} 30% 60%)" fill-opacity=".45"/>`
      );
    case 'sky':
      return (
        `<rect width="100" height="100" fill="hsl(${200 + (p.hue % 20)} 70% 80%)"/>` +
        '<circle cx="80" cy="18" r="8" fill="#fff6cf"/><ellipse cx="24" cy="22" rx="12" ry="4" fill="#fff" fill-opacity=".85"/><ellipse cx="60" cy="12" rx="8" ry="2.5" fill="#fff" fill-opacity=".7"/>' +
        '<path d="M0 78Q25 62 50 74T100 70V100H0z" fill="#6ea36b"/><path d="M0 88Q30 76 60 86T100 84V100H0z" fill="#4d8550"/>'
      );
    case 'pc':
      return (
        '<rect width="100" height="100" fill="#17191d"/>' +
        '<rect x="6" y="6" width="88" height="88" rx="2" fill="#22262c"/>' +
        '<path d="M10 20h30v14h20M10 70h24l8-8h40M70 10v24h18" stroke="#3a414b" stroke-width="1" fill="none"/>' +
        `<rect x="60" y="10" width="6" height="40" rx="1" fill="#2e343c"/><rect x="70" y="10" width="6" height="40" rx="1" fill="#2e343c"/><rect x="60" y="10" width="6" height="3" fill="${p.accent}" fill-opacity=".8"/><rect x="70" y="10" width="6" height="3" fill="${p.accent}" fill-opacity=".8"/>` +
        `<rect x="6" y="92" width="88" height="2" fill="${p.accent}" fill-opacity=".6"/>`
      );
  }
}

/** Drawn over the product in a scene (fingers around a phone, a cable…). */
function sceneFront(kind: Scene, p: Paint, grip: number): string {
  if (kind === 'hand') {
    return (
      `<path d="M30 74c-6-4-8-12-4-16 3-3 7 0 9 4l5 10c2 5-5 6-10 2z" fill="${p.skin}"/>` +
      `<path d="M${grip} 44h6a3 3 0 0 1 0 7h-6zM${grip} 53h7a3 3 0 0 1 0 7h-7zM${grip} 62h6a3 3 0 0 1 0 7h-6z" fill="${p.skin}"/><path d="M${grip} 44v25" stroke="#000" stroke-opacity=".12"/>`
    );
  }
  return '';
}

interface Drawing {
  front: (p: Paint) => string;
  back?: (p: Paint) => string;
  side?: (p: Paint) => string;
  ports?: readonly Port[];
  /** The in-use view: backdrop, where the front drawing goes in it (x, y, scale), and for a hand the x where the fingers hold it. */
  scene: readonly [Scene, number, number, number, number?];
}

const DRAWINGS: Record<Shape, Drawing> = {
  laptop: {
    front: () =>
      shadow(50, 78, 46, 4) +
      '<rect x="18.5" y="13" width="63" height="44" rx="3.5" fill="url(#b)"/><rect x="20" y="14.5" width="60" height="41.5" rx="2.5" fill="url(#d)"/>' +
      desktop(22, 17, 56, 36) + gloss(22, 17, 56, 36) + '<circle cx="50" cy="15.7" r=".6" fill="#555"/>' +
      '<path d="M18.5 57h63L92 74H8z" fill="url(#b)"/><path d="M23 59h54l5 9H18z" fill="#000" fill-opacity=".14"/>' +
      '<path d="M24 60.6h52M23.2 62.6h53.6M22.4 64.6h55.2M21.6 66.6h56.8" stroke="#1a1b1e" stroke-opacity=".7" stroke-width="1.3" stroke-dasharray="2.4 .7"/>' +
      '<path d="M41 69h18l1 4H40z" fill="#fff" fill-opacity=".22"/><path d="M8 74h84v1.5a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="url(#b)"/><path d="M8 74h84v1.5a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="#000" fill-opacity=".2"/>',
    side: (p) =>
      shadow(52, 70, 46, 6) +
      '<path d="M8 50L62 36L94 48L40 64z" fill="url(#b)"/><path d="M8 50L62 36L94 48L40 64z" fill="url(#g)"/>' +
      '<path d="M8 50L40 64V68L8 54z" fill="url(#b)"/><path d="M8 50L40 64V68L8 54z" fill="#000" fill-opacity=".3"/>' +
      '<path d="M40 64L94 48V52L40 68z" fill="url(#b)"/><path d="M40 64L94 48V52L40 68z" fill="#000" fill-opacity=".15"/>' +
      '<path d="M50 63.2l3-.9M56 61.4l4-1.2M63 59.3l2.4-.7M69 57.5l1.5-.4" stroke="#0d0e10" stroke-width="1.6" stroke-linecap="round"/>' +
      `<ellipse cx="51" cy="50" rx="5" ry="2.6" fill="${p.accent}" fill-opacity=".6" transform="rotate(-14 51 50)"/>`,
    ports: ['usbc', 'usbc', 'hdmi', 'usba', 'jack'],
    scene: ['desk', 14, 10, 0.72],
  },
  screen: {
    front: () =>
      shadow(50, 86, 28, 3) +
      '<path d="M46 58h8l2 22H44z" fill="url(#b)"/><path d="M30 80h40l3 4H27z" fill="url(#b)"/><rect x="27" y="84" width="46" height="1.2" fill="#000" fill-opacity=".25"/>' +
      '<rect x="6" y="14" width="88" height="50" rx="2" fill="url(#d)"/>' + desktop(7.5, 15.5, 85, 44) + gloss(7.5, 15.5, 85, 44) +
      '<rect x="6" y="59.5" width="88" height="4.5" fill="url(#b)"/><circle cx="50" cy="61.8" r=".9" fill="#fff" fill-opacity=".6"/>',
    back: (p) =>
      shadow(50, 86, 28, 3) +
      '<path d="M30 80h40l3 4H27z" fill="url(#b)"/>' +
      '<rect x="6" y="14" width="88" height="50" rx="3" fill="url(#b)"/><rect x="6" y="14" width="88" height="50" rx="3" fill="url(#g)"/>' +
      '<rect x="30" y="24" width="40" height="32" rx="8" fill="url(#b)" stroke="#000" stroke-opacity=".15"/>' +
      '<path d="M36 28h28M36 31h28M36 34h28" stroke="#000" stroke-opacity=".18" stroke-width="1"/>' +
      '<rect x="43" y="38" width="14" height="14" rx="1" fill="#000" fill-opacity=".12"/><path d="M44 39h.1M56 39h.1M44 51h.1M56 51h.1" stroke="#555" stroke-width="1.6" stroke-linecap="round"/>' +
      '<path d="M45 52h10l2 28H43z" fill="url(#b)"/><path d="M45 52h10l2 28H43z" fill="#000" fill-opacity=".15"/>' +
      `<circle cx="50" cy="45" r="2.2" fill="none" stroke="${p.accent}" stroke-opacity=".8"/>`,
    ports: ['ac', 'hdmi', 'dp', 'usbc', 'usba', 'jack'],
    scene: ['desk', 15, 6, 0.7],
  },
  tv: {
    front: () =>
      shadow(50, 80, 42, 3) +
      '<path d="M20 68l-6 12h3l7-12zM80 68l6 12h-3l-7-12z" fill="url(#m)"/>' +
      '<rect x="3" y="18" width="94" height="52" rx="1" fill="#0b0c0e"/>' + landscape(4, 19, 92, 48.5) + gloss(4, 19, 92, 48.5) +
      '<rect x="3" y="67.5" width="94" height="2.5" fill="url(#b)"/><circle cx="50" cy="68.8" r=".6" fill="#e44"/>',
    back: (p) =>
      shadow(50, 80, 42, 3) +
      '<path d="M20 68l-6 12h3l7-12zM80 68l6 12h-3l-7-12z" fill="url(#m)"/>' +
      '<rect x="3" y="18" width="94" height="52" rx="1.5" fill="url(#d)"/>' +
      '<rect x="20" y="30" width="60" height="34" rx="4" fill="url(#b)"/><rect x="20" y="30" width="60" height="34" rx="4" fill="url(#g)"/>' +
      '<path d="M26 34h48M26 37h48M26 40h48" stroke="#000" stroke-opacity=".2"/>' +
      '<path d="M38 46h.1M62 46h.1M38 58h.1M62 58h.1" stroke="#222" stroke-width="2" stroke-linecap="round"/>' +
      '<path d="M68 50h6M68 53h6M68 56h6" stroke="#0d0e10" stroke-width="1.8"/>' +
      `<rect x="44" y="60" width="12" height="1.2" rx=".6" fill="${p.accent}"/>`,
    ports: ['hdmi', 'hdmi', 'hdmi', 'usba', 'rj45', 'optical'],
    scene: ['living', 8, 4, 0.84],
  },
  tower: {
    front: (p) =>
      shadow(56, 88, 32, 3.5) +
      '<path d="M64 12L84 18V82L64 88z" fill="url(#d)"/><path d="M64 12L84 18V82L64 88z" fill="url(#g)" fill-opacity=".6"/>' +
      `<circle cx="74" cy="36" r="6" fill="none" stroke="${p.accent}" stroke-width="1.4" transform="matrix(.6 .2 0 1 29.6 -14.8)"/><circle cx="74" cy="60" r="6" fill="none" stroke="${p.accent}" stroke-width="1.4" transform="matrix(.6 .2 0 1 29.6 -14.8)"/>` +
      '<rect x="30" y="12" width="34" height="76" rx="2" fill="url(#b)"/><rect x="30" y="12" width="34" height="76" rx="2" fill="url(#g)" fill-opacity=".5"/>' +
      '<rect x="33" y="26" width="28" height="56" rx="1" fill="url(#p)"/>' +
      `<circle cx="47" cy="40" r="10" fill="none" stroke="${p.accent}" stroke-width="1.6"/><circle cx="47" cy="66" r="10" fill="none" stroke="${p.accent}" stroke-width="1.6"/>` +
      `<circle cx="47" cy="40" r="10" fill="${p.accent}" fill-opacity=".1"/><circle cx="47" cy="66" r="10" fill="${p.accent}" fill-opacity=".1"/>` +
      '<circle cx="36" cy="18" r="2" fill="none" stroke="#fff" stroke-opacity=".8"/><path d="M41 18h5M48 18h5" stroke="#0d0e10" stroke-width="1.6"/>',
    side: (p) =>
      shadow(50, 88, 40, 3) +
      '<rect x="12" y="10" width="76" height="78" rx="2" fill="url(#b)"/><rect x="15" y="13" width="70" height="60" rx="1" fill="#14161a"/>' +
      '<rect x="38" y="16" width="44" height="40" fill="#23272e"/><rect x="52" y="22" width="14" height="14" fill="url(#m)"/>' +
      `<circle cx="59" cy="29" r="8" fill="url(#d)" stroke="${p.accent}"/><path d="M70 20v16M73 20v16M76 20v16" stroke="${p.accent}" stroke-width="1.8"/>` +
      `<rect x="20" y="44" width="60" height="9" rx="1" fill="url(#b)"/><circle cx="34" cy="48.5" r="3.4" fill="#0d0e10"/><circle cx="62" cy="48.5" r="3.4" fill="#0d0e10"/><rect x="20" y="52" width="60" height="1" fill="${p.accent}"/>` +
      `<circle cx="24" cy="26" r="7" fill="none" stroke="${p.accent}" stroke-width="1.4"/><rect x="15" y="62" width="70" height="11" fill="url(#b)"/>` +
      '<rect x="15" y="13" width="70" height="60" rx="1" fill="url(#g)" fill-opacity=".4"/>',
    ports: ['usbc', 'usba', 'usba', 'rj45', 'jack', 'ac'],
    scene: ['desk', 30, 27, 0.5],
  },
  phone: {
    front: () =>
      shadow(50, 91, 20, 2.5) +
      '<rect x="32.3" y="26" width="1.4" height="6" rx=".6" fill="url(#b)"/><rect x="66.3" y="30" width="1.4" height="10" rx=".6" fill="url(#b)"/>' +
      '<rect x="33" y="9" width="34" height="80" rx="7" fill="url(#b)"/><rect x="34.3" y="10.3" width="31.4" height="77.4" rx="6" fill="#0b0c0e"/>' +
      homeScreen(35.8, 11.8, 28.4, 74.4, 4) + '<rect x="45" y="14.2" width="10" height="2.6" rx="1.3" fill="#000"/>' + gloss(35.8, 11.8, 28.4, 74.4),
    back: (p) =>
      shadow(50, 91, 20, 2.5) +
      '<rect x="33" y="9" width="34" height="80" rx="7" fill="url(#b)"/><rect x="33" y="9" width="34" height="80" rx="7" fill="url(#g)" fill-opacity=".5"/>' +
      '<rect x="36" y="12" width="17" height="19" rx="5" fill="#000" fill-opacity=".12" stroke="#fff" stroke-opacity=".3" stroke-width=".5"/>' +
      '<circle cx="41" cy="17.5" r="3.4" fill="url(#d)" stroke="#9aa0a8" stroke-width=".6"/><circle cx="41" cy="25.5" r="3.4" fill="url(#d)" stroke="#9aa0a8" stroke-width=".6"/><circle cx="48" cy="21.5" r="3.4" fill="url(#d)" stroke="#9aa0a8" stroke-width=".6"/>' +
      '<circle cx="41" cy="17.5" r="1.5" fill="#1b2e4a"/><circle cx="41" cy="25.5" r="1.5" fill="#1b2e4a"/><circle cx="48" cy="21.5" r="1.5" fill="#1b2e4a"/><circle cx="49.5" cy="15" r="1" fill="#fff3c4"/>' +
      `<circle cx="50" cy="52" r="4" fill="none" stroke="${p.accent}" stroke-opacity=".7" stroke-width="1.2"/>`,
    ports: ['grille', 'usbc', 'grille'],
    scene: ['hand', 20, 12, 0.62, 61],
  },
  battery: {
    front: (p) =>
      shadow(50, 86, 30, 3) +
      '<rect x="26" y="16" width="48" height="68" rx="9" fill="url(#b)"/><rect x="26" y="16" width="48" height="68" rx="9" fill="url(#g)" fill-opacity=".6"/>' +
      '<rect x="31" y="22" width="38" height="40" rx="5" fill="#000" fill-opacity=".07"/>' +
      `<path d="M41 72h.1M46.6 72h.1M52.2 72h.1" stroke="${p.accent}" stroke-width="2.4" stroke-linecap="round"/><path d="M57.8 72h.1" stroke="#000" stroke-opacity=".25" stroke-width="2.4" stroke-linecap="round"/>` +
      '<path d="M52 32l-6 10h5l-3 9 8-12h-5z" fill="#fff" fill-opacity=".8"/><rect x="74" y="34" width="1.4" height="8" rx=".6" fill="url(#b)"/>',
    side: (p) =>
      shadow(50, 70, 44, 4) +
      '<path d="M10 52L60 40L90 50L40 64z" fill="url(#b)"/><path d="M10 52L60 40L90 50L40 64z" fill="url(#g)" fill-opacity=".5"/>' +
      '<path d="M10 52L40 64V68L10 56z" fill="url(#b)"/><path d="M10 52L40 64V68L10 56z" fill="#000" fill-opacity=".25"/><path d="M40 64L90 50V54L40 68z" fill="url(#b)"/><path d="M40 64L90 50V54L40 68z" fill="#000" fill-opacity=".12"/>' +
      `<path d="M52 61.5l4-1.1M62 58.7l4-1.1" stroke="#0d0e10" stroke-width="1.4" stroke-linecap="round"/><circle cx="74" cy="55.8" r=".8" fill="${p.accent}"/>`,
    ports: ['usbc', 'usbc', 'usba', 'led'],
    scene: ['desk', 26, 34, 0.5],
  },
  tablet: {
    front: () =>
      shadow(50, 90, 32, 2.5) +
      '<rect x="18" y="10" width="64" height="78" rx="6" fill="url(#b)"/><rect x="19.3" y="11.3" width="61.4" height="75.4" rx="5" fill="#0b0c0e"/>' +
      homeScreen(22.5, 14.5, 55, 69, 5) + '<circle cx="50" cy="12.9" r=".6" fill="#333"/>' + gloss(22.5, 14.5, 55, 69),
    back: (p) =>
      shadow(50, 90, 32, 2.5) +
      '<rect x="18" y="10" width="64" height="78" rx="6" fill="url(#b)"/><rect x="18" y="10" width="64" height="78" rx="6" fill="url(#g)" fill-opacity=".5"/>' +
      '<rect x="22" y="14" width="10" height="10" rx="3" fill="#000" fill-opacity=".12"/><circle cx="27" cy="19" r="2.8" fill="url(#d)" stroke="#9aa0a8" stroke-width=".5"/><circle cx="27" cy="19" r="1.2" fill="#1b2e4a"/>' +
      `<circle cx="50" cy="49" r="5" fill="none" stroke="${p.accent}" stroke-opacity=".7" stroke-width="1.2"/><path d="M46 84h.1M50 84h.1M54 84h.1" stroke="#9aa0a8" stroke-width="1.2" stroke-linecap="round"/>`,
    ports: ['grille', 'usbc', 'grille', 'button'],
    scene: ['desk', 24, 12, 0.66],
  },
  box: {
    front: (p) =>
      shadow(52, 88, 28, 3) +
      '<path d="M70 12l6 3v70l-6 2z" fill="url(#b)"/><path d="M70 12l6 3v70l-6 2z" fill="#000" fill-opacity=".3"/>' +
      '<rect x="28" y="12" width="42" height="75" rx="1" fill="url(#s)"/>' +
      `<circle cx="56" cy="44" r="14" fill="${p.accent}" fill-opacity=".85"/><path d="M30 76L48 48L60 66L66 58L70 64V87H30z" fill="#000" fill-opacity=".35"/>` +
      '<rect x="28" y="12" width="42" height="9" fill="url(#b)"/><rect x="32" y="25" width="26" height="4" rx="1" fill="#fff"/><rect x="32" y="31" width="16" height="2" rx="1" fill="#fff" fill-opacity=".7"/>' +
      '<rect x="31" y="77" width="6" height="7" fill="#fff"/><rect x="32" y="78" width="4" height="4" fill="#0d0e10"/>' +
      '<rect x="28" y="12" width="42" height="75" fill="url(#g)" fill-opacity=".4"/>',
    back: () =>
      shadow(50, 88, 28, 3) +
      '<rect x="28" y="12" width="44" height="75" rx="1" fill="#f4f5f7"/><rect x="28" y="12" width="44" height="9" fill="url(#b)"/>' +
      '<rect x="31" y="25" width="18" height="12" fill="url(#s)"/><rect x="51" y="25" width="18" height="12" fill="url(#s)"/><rect x="31" y="39" width="38" height="16" fill="url(#s)"/>' +
      '<path d="M31 60h38M31 63.5h38M31 67h28M31 70.5h34" stroke="#9aa0a8" stroke-width="1.4"/>' +
      '<path d="M54 76v8M55.4 76v8M57.4 76v8M58.6 76v8M60.6 76v8M62 76v8M63.6 76v8M65.4 76v8M66.6 76v8" stroke="#0d0e10" stroke-width=".7"/><rect x="31" y="76" width="6" height="7" fill="#0d0e10"/>',
    scene: ['desk', 26, 2, 0.74],
  },
  watch: {
    front: (p) =>
      shadow(50, 92, 14, 2) +
      '<rect x="39" y="4" width="22" height="30" rx="3" fill="url(#b)"/><rect x="39" y="66" width="22" height="28" rx="3" fill="url(#b)"/><path d="M50 74v.1M50 79v.1M50 84v.1" stroke="#000" stroke-opacity=".4" stroke-width="1.8" stroke-linecap="round"/>' +
      '<rect x="30" y="27" width="40" height="46" rx="11" fill="url(#m)"/><rect x="33" y="30" width="34" height="40" rx="9" fill="#050506"/>' +
      `<circle cx="50" cy="47" r="11" fill="none" stroke="${p.accent}" stroke-width="2.4" stroke-dasharray="48 70" stroke-linecap="round"/><circle cx="50" cy="47" r="7.5" fill="none" stroke="#4ade80" stroke-width="2.4" stroke-dasharray="30 48" stroke-linecap="round"/><circle cx="50" cy="47" r="4" fill="none" stroke="#38bdf8" stroke-width="2.4" stroke-dasharray="14 26" stroke-linecap="round"/>` +
      '<rect x="42" y="62" width="16" height="3" rx="1.5" fill="#fff" fill-opacity=".85"/><rect x="69.5" y="40" width="3" height="8" rx="1.2" fill="url(#m)"/><rect x="33" y="30" width="34" height="40" rx="9" fill="url(#g)" fill-opacity=".25"/>',
    side: () =>
      shadow(50, 80, 36, 3) +
      '<path d="M24 50C12 52 8 62 10 76h8c-1-10 2-17 8-19zM76 50c12 2 16 12 14 26h-8c1-10-2-17-8-19z" fill="url(#b)"/>' +
      '<rect x="22" y="42" width="56" height="16" rx="7" fill="url(#m)"/><rect x="22" y="42" width="56" height="4" rx="2" fill="#0b0c0e"/>' +
      '<rect x="78" y="46" width="4" height="7" rx="1.5" fill="url(#m)"/><path d="M79 47v5M80.5 47v5" stroke="#000" stroke-opacity=".3" stroke-width=".4"/><path d="M40 58h20l-3 4H43z" fill="url(#d)"/>',
    scene: ['wrist', 10, 8, 0.8],
  },
  headphones: {
    front: (p) =>
      shadow(50, 90, 34, 3) +
      '<path d="M22 58V44a28 28 0 0 1 56 0v14" fill="none" stroke="url(#b)" stroke-width="6"/><path d="M24 44a26 26 0 0 1 52 0" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="2.4"/>' +
      '<path d="M22 50v8M78 50v8" stroke="url(#m)" stroke-width="3"/>' +
      '<ellipse cx="22" cy="70" rx="11" ry="16" fill="url(#b)"/><ellipse cx="25" cy="70" rx="7" ry="12" fill="url(#d)"/>' +
      `<ellipse cx="78" cy="70" rx="11" ry="16" fill="url(#b)"/><ellipse cx="78" cy="70" rx="11" ry="16" fill="url(#g)" fill-opacity=".6"/><ellipse cx="78" cy="70" rx="5" ry="7" fill="none" stroke="${p.accent}" stroke-width="1.2"/>`,
    side: (p) =>
      shadow(50, 92, 26, 3) +
      '<path d="M50 56V20a10 10 0 0 0-20 0v6" fill="none" stroke="url(#b)" stroke-width="6"/><rect x="47" y="40" width="6" height="20" rx="2" fill="url(#m)"/>' +
      '<circle cx="50" cy="68" r="22" fill="url(#b)"/><circle cx="50" cy="68" r="22" fill="url(#g)" fill-opacity=".5"/><circle cx="50" cy="68" r="15" fill="#000" fill-opacity=".08"/>' +
      `<circle cx="50" cy="68" r="7" fill="none" stroke="${p.accent}" stroke-width="1.6"/><circle cx="50" cy="68" r="2" fill="${p.accent}"/>`,
    ports: ['usbc', 'jack', 'button', 'button', 'led'],
    scene: ['desk', 22, 22, 0.6],
  },
  speaker: {
    front: (p) =>
      shadow(50, 88, 24, 3) +
      '<rect x="30" y="10" width="40" height="76" rx="14" fill="url(#b)"/><rect x="33" y="24" width="34" height="58" rx="10" fill="url(#p)"/>' +
      '<rect x="30" y="10" width="40" height="76" rx="14" fill="url(#g)" fill-opacity=".5"/>' +
      `<ellipse cx="50" cy="15" rx="12" ry="2.4" fill="${p.accent}" fill-opacity=".8"/><path d="M42 19h4M44 17v4M54 19h4" stroke="#000" stroke-opacity=".5" stroke-width=".8"/><path d="M49 17.5v3l2.5-1.5z" fill="#000" fill-opacity=".5"/>`,
    side: (p) =>
      shadow(50, 88, 20, 3) +
      '<rect x="36" y="10" width="28" height="76" rx="12" fill="url(#b)"/><rect x="36" y="10" width="28" height="76" rx="12" fill="url(#g)" fill-opacity=".5"/>' +
      `<circle cx="50" cy="58" r="10" fill="url(#d)"/><circle cx="50" cy="58" r="6" fill="url(#b)"/><circle cx="50" cy="58" r="2" fill="${p.accent}"/><rect x="46" y="74" width="8" height="3" rx="1.5" fill="#0d0e10"/>`,
    ports: ['dc', 'usbc', 'jack', 'button'],
    scene: ['desk', 62, 26, 0.5],
  },
  soundbar: {
    front: (p) =>
      shadow(50, 80, 46, 3) +
      '<rect x="66" y="36" width="28" height="42" rx="3" fill="url(#d)"/><circle cx="80" cy="58" r="10" fill="#000" fill-opacity=".4" stroke="url(#m)" stroke-width=".8"/><circle cx="80" cy="58" r="4" fill="url(#d)"/>' +
      '<rect x="4" y="62" width="72" height="14" rx="6" fill="url(#b)"/><rect x="8" y="64" width="64" height="10" rx="4" fill="url(#p)"/><rect x="4" y="62" width="72" height="14" rx="6" fill="url(#g)" fill-opacity=".5"/>' +
      `<rect x="36" y="68" width="8" height="1.6" rx=".8" fill="${p.accent}"/>`,
    ports: ['ac', 'hdmi', 'hdmi', 'optical', 'usba'],
    scene: ['living', 8, 20, 0.84],
  },
  projector: {
    front: (p) =>
      shadow(52, 74, 42, 4) +
      '<path d="M14 38L26 30H92L80 38z" fill="url(#b)"/><path d="M14 38L26 30H92L80 38z" fill="url(#g)"/>' +
      '<path d="M80 38L92 30V58L80 66z" fill="url(#b)"/><path d="M80 38L92 30V58L80 66z" fill="#000" fill-opacity=".3"/>' +
      '<rect x="14" y="38" width="66" height="28" rx="2" fill="url(#b)"/><path d="M52 44h22M52 48h22M52 52h22M52 56h22M52 60h22" stroke="#000" stroke-opacity=".22" stroke-width="1.2"/>' +
      '<circle cx="32" cy="52" r="11" fill="url(#m)"/><circle cx="32" cy="52" r="8" fill="url(#d)"/><circle cx="32" cy="52" r="4" fill="#1b2e4a"/><circle cx="30.5" cy="50.5" r="1.2" fill="#fff" fill-opacity=".6"/>' +
      `<circle cx="84" cy="32.5" r="1" fill="${p.accent}"/><rect x="18" y="66" width="6" height="3" fill="#0d0e10"/><rect x="70" y="66" width="6" height="3" fill="#0d0e10"/>`,
    side: () =>
      shadow(50, 72, 42, 4) +
      '<rect x="12" y="36" width="76" height="30" rx="4" fill="url(#b)"/><rect x="12" y="36" width="76" height="30" rx="4" fill="url(#g)" fill-opacity=".4"/>' +
      '<path d="M20 44v14M24 44v14M28 44v14M32 44v14M36 44v14" stroke="#000" stroke-opacity=".25" stroke-width="1.4"/>' +
      '<rect x="88" y="42" width="6" height="18" rx="1" fill="url(#m)"/><rect x="94" y="44" width="2" height="14" fill="url(#d)"/><path d="M60 36v-3h14v3" fill="url(#d)"/>',
    ports: ['ac', 'hdmi', 'hdmi', 'usba', 'jack'],
    scene: ['cinema', 2, 36, 0.6],
  },
  console: {
    front: (p) =>
      shadow(50, 74, 44, 4) +
      '<path d="M10 40L24 30H92L80 40z" fill="url(#b)"/><path d="M10 40L24 30H92L80 40z" fill="url(#g)"/>' +
      '<path d="M80 40L92 30V56L80 68z" fill="url(#b)"/><path d="M80 40L92 30V56L80 68z" fill="#000" fill-opacity=".3"/>' +
      '<rect x="10" y="40" width="70" height="28" rx="2" fill="url(#b)"/><rect x="10" y="40" width="70" height="28" rx="2" fill="url(#g)" fill-opacity=".3"/>' +
      `<path d="M10 41H80" stroke="${p.accent}" stroke-width="1.4"/><path d="M18 54H56" stroke="#0d0e10" stroke-width="1.4"/><circle cx="72" cy="54" r="2" fill="none" stroke="#fff" stroke-opacity=".8"/>` +
      '<path d="M16 62h6M24 62h6" stroke="#0d0e10" stroke-width="1.8"/>',
    side: (p) =>
      shadow(50, 90, 24, 3) +
      '<rect x="36" y="8" width="28" height="80" rx="4" fill="url(#b)"/><rect x="36" y="8" width="28" height="80" rx="4" fill="url(#g)" fill-opacity=".5"/>' +
      `<path d="M40 10v76" stroke="${p.accent}" stroke-width="1.4"/><path d="M46 20v48" stroke="#000" stroke-opacity=".2" stroke-width="1"/>` +
      '<rect x="38" y="86" width="24" height="4" rx="1" fill="url(#d)"/>',
    ports: ['usba', 'usba', 'hdmi', 'rj45', 'ac'],
    scene: ['living', 10, 25, 0.8],
  },
  gamepad: {
    front: (p) =>
      shadow(50, 82, 40, 4) +
      '<path d="M24 30h12v4H22zM64 30h12l2 4H64z" fill="url(#d)"/>' +
      '<path d="M28 32h44c12 0 18 12 18 28s-6 24-13 18L66 66H34L23 78c-7 6-13-2-13-18s6-28 18-28z" fill="url(#b)"/><path d="M28 32h44c12 0 18 12 18 28s-6 24-13 18L66 66H34L23 78c-7 6-13-2-13-18s6-28 18-28z" fill="url(#g)" fill-opacity=".5"/>' +
      '<path d="M20 47h12M26 41v12" stroke="#1a1b1e" stroke-width="4.4"/>' +
      '<circle cx="38" cy="60" r="5.5" fill="url(#d)"/><circle cx="62" cy="60" r="5.5" fill="url(#d)"/><circle cx="38" cy="60" r="3" fill="#2a2c30"/><circle cx="62" cy="60" r="3" fill="#2a2c30"/>' +
      '<circle cx="74" cy="41" r="2.6" fill="#4ade80"/><circle cx="80" cy="47" r="2.6" fill="#f87171"/><circle cx="68" cy="47" r="2.6" fill="#60a5fa"/><circle cx="74" cy="53" r="2.6" fill="#facc15"/>' +
      `<circle cx="50" cy="46" r="3.6" fill="${p.accent}"/><circle cx="50" cy="46" r="3.6" fill="url(#g)"/>`,
    side: (p) =>
      shadow(50, 70, 42, 5) +
      '<path d="M14 50c0-10 8-16 20-16h32c12 0 20 6 20 16s-6 12-12 12H26c-6 0-12-2-12-12z" fill="url(#b)"/><path d="M14 50c0-10 8-16 20-16h32c12 0 20 6 20 16" fill="url(#g)" fill-opacity=".5"/>' +
      '<rect x="16" y="28" width="18" height="8" rx="4" fill="url(#d)"/><rect x="66" y="28" width="18" height="8" rx="4" fill="url(#d)"/>' +
      `<rect x="45" y="34" width="10" height="4" rx="2" fill="#0d0e10"/><rect x="30" y="52" width="40" height="1.2" rx=".6" fill="${p.accent}" fill-opacity=".8"/>`,
    ports: ['usbc', 'jack', 'button'],
    scene: ['desk', 14, 26, 0.72],
  },
  chair: {
    front: (p) =>
      shadow(50, 94, 30, 3) +
      '<path d="M30 92L50 84L70 92M50 84V96" stroke="url(#d)" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="30" cy="93" r="2" fill="#0d0e10"/><circle cx="70" cy="93" r="2" fill="#0d0e10"/><circle cx="50" cy="96" r="2" fill="#0d0e10"/>' +
      '<rect x="48" y="66" width="4" height="18" fill="url(#m)"/>' +
      '<path d="M34 8h32c4 0 6 3 6 8v40c0 4-3 6-6 6H34c-3 0-6-2-6-6V16c0-5 2-8 6-8z" fill="url(#b)"/><path d="M34 8h32c4 0 6 3 6 8v40c0 4-3 6-6 6H34c-3 0-6-2-6-6V16c0-5 2-8 6-8z" fill="url(#g)" fill-opacity=".4"/>' +
      `<path d="M38 16h24M38 58V28c0-4 2-6 6-6h12c4 0 6 2 6 6v30" stroke="${p.accent}" stroke-width="1.2" fill="none"/><rect x="40" y="11" width="20" height="8" rx="4" fill="url(#d)"/>` +
      '<path d="M24 58h52c3 0 4 2 4 5s-2 6-6 6H26c-4 0-6-3-6-6s1-5 4-5z" fill="url(#b)"/><path d="M24 58h52" stroke="#fff" stroke-opacity=".4"/>' +
      '<path d="M20 44v14M80 44v14" stroke="url(#d)" stroke-width="3" stroke-linecap="round"/><path d="M16 44h8M76 44h8" stroke="#1a1b1e" stroke-width="3" stroke-linecap="round"/>',
    side: (p) =>
      shadow(50, 94, 30, 3) +
      '<path d="M30 92L50 84L70 92" stroke="url(#d)" stroke-width="3" fill="none"/><circle cx="30" cy="93" r="2" fill="#0d0e10"/><circle cx="70" cy="93" r="2" fill="#0d0e10"/>' +
      '<rect x="48" y="66" width="4" height="18" fill="url(#m)"/>' +
      '<path d="M30 8c6 0 9 3 9 8l-3 42h-8l-2-42c0-5 0-8 4-8z" fill="url(#b)"/>' +
      '<path d="M30 58h40c3 0 5 2 5 5s-2 5-5 5H30c-3 0-5-2-5-5s2-5 5-5z" fill="url(#b)"/><path d="M30 58h40" stroke="#fff" stroke-opacity=".4"/>' +
      `<path d="M40 46h26v4M56 46v12" stroke="url(#d)" stroke-width="3" fill="none" stroke-linecap="round"/><rect x="28" y="10" width="6" height="8" rx="3" fill="${p.accent}" fill-opacity=".6"/>`,
    scene: ['floor', 18, 4, 0.7],
  },
  keyboard: {
    front: (p) =>
      shadow(50, 72, 48, 4) +
      '<path d="M10 44H90L96 66H4z" fill="url(#b)"/><path d="M10 44H90L96 66H4z" fill="url(#g)" fill-opacity=".4"/>' +
      `<path d="M13 47.5H87M12 51.5H88M11 55.5H89M10 59.5H90" stroke="${p.key}" stroke-width="3" stroke-dasharray="4.4 1"/><path d="M26 63.5H74M9 63.5H23M77 63.5H91" stroke="${p.key}" stroke-width="3" stroke-dasharray="4.4 1"/>` +
      `<path d="M4 66H96V69H4z" fill="url(#b)"/><path d="M4 66H96V69H4z" fill="#000" fill-opacity=".25"/><path d="M6 69.3H94" stroke="${p.accent}" stroke-opacity=".7" stroke-width="1"/>`,
    side: (p) =>
      shadow(50, 64, 46, 4) +
      '<path d="M6 54L94 48V60H6z" fill="url(#b)"/><path d="M6 54L94 48V60H6z" fill="url(#g)" fill-opacity=".4"/>' +
      `<path d="M9 52.4l82-5.6" stroke="${p.key}" stroke-width="3.2" stroke-dasharray="5 1.2"/><rect x="86" y="60" width="4" height="3" fill="#0d0e10"/><rect x="10" y="60" width="4" height="2" fill="#0d0e10"/>`,
    ports: ['usbc', 'button', 'led', 'led'],
    scene: ['desk', 10, 30, 0.8],
  },
  mouse: {
    front: (p) =>
      shadow(50, 88, 20, 3) +
      '<path d="M50 12c12 0 20 10 20 32v16c0 16-8 26-20 26S30 76 30 60V44c0-22 8-32 20-32z" fill="url(#b)"/><path d="M50 12c12 0 20 10 20 32v16c0 16-8 26-20 26S30 76 30 60V44c0-22 8-32 20-32z" fill="url(#g)" fill-opacity=".5"/>' +
      '<path d="M50 12v28M31 40h38" stroke="#000" stroke-opacity=".25" stroke-width=".8"/><rect x="47.5" y="20" width="5" height="10" rx="2.5" fill="url(#d)"/><path d="M48.5 23h3M48.5 25h3M48.5 27h3" stroke="#555" stroke-width=".5"/>' +
      `<path d="M44 72q6 4 12 0" stroke="${p.accent}" stroke-width="1.6" fill="none"/><rect x="28.6" y="42" width="2" height="6" rx="1" fill="url(#d)"/><rect x="28.6" y="50" width="2" height="6" rx="1" fill="url(#d)"/>`,
    side: (p) =>
      shadow(50, 70, 40, 3) +
      '<path d="M12 66c2-14 16-26 40-26 20 0 34 10 36 22 0 4-2 6-6 6H18c-4 0-6-1-6-2z" fill="url(#b)"/><path d="M12 66c2-14 16-26 40-26 20 0 34 10 36 22" fill="url(#g)" fill-opacity=".5"/>' +
      `<rect x="40" y="54" width="8" height="3" rx="1.5" fill="url(#d)"/><rect x="50" y="54" width="8" height="3" rx="1.5" fill="url(#d)"/><path d="M20 62h60" stroke="${p.accent}" stroke-opacity=".7" stroke-width="1"/>` +
      '<rect x="18" y="68" width="12" height="1.4" fill="#0d0e10"/><rect x="66" y="68" width="12" height="1.4" fill="#0d0e10"/>',
    scene: ['desk', 34, 46, 0.4],
  },
  lens: {
    front: (p) =>
      shadow(50, 88, 30, 3) +
      '<circle cx="50" cy="48" r="36" fill="url(#b)"/><circle cx="50" cy="48" r="36" fill="url(#g)" fill-opacity=".4"/>' +
      '<circle cx="50" cy="48" r="30" fill="url(#d)"/><circle cx="50" cy="48" r="29" fill="none" stroke="#9aa0a8" stroke-width=".6" stroke-dasharray="1 1.4"/>' +
      '<circle cx="50" cy="48" r="22" fill="#0c1626"/><circle cx="50" cy="48" r="14" fill="#13284a"/>' +
      `<path d="M36 38a18 18 0 0 1 14-8" stroke="${p.accent}" stroke-width="2.4" stroke-opacity=".6" fill="none"/><path d="M60 62a14 14 0 0 0 6-8" stroke="#a78bfa" stroke-width="2" stroke-opacity=".6" fill="none"/>` +
      '<circle cx="44" cy="42" r="4" fill="#fff" fill-opacity=".55"/><circle cx="56" cy="54" r="1.5" fill="#fff" fill-opacity=".4"/>',
    side: (p) =>
      shadow(50, 76, 42, 3) +
      '<rect x="14" y="28" width="12" height="44" rx="1" fill="url(#m)"/><rect x="26" y="24" width="56" height="52" rx="3" fill="url(#b)"/><rect x="26" y="24" width="56" height="52" rx="3" fill="url(#g)" fill-opacity=".4"/>' +
      '<rect x="40" y="24" width="22" height="52" fill="url(#d)"/><path d="M42 24v52M44 24v52M46 24v52M48 24v52M50 24v52M52 24v52M54 24v52M56 24v52M58 24v52M60 24v52" stroke="#000" stroke-opacity=".5" stroke-width=".7"/>' +
      `<rect x="70" y="24" width="1.6" height="52" fill="${p.accent}"/><rect x="82" y="22" width="6" height="56" rx="2" fill="url(#d)"/>`,
    scene: ['desk', 28, 36, 0.46],
  },
  disc: {
    front: (p) =>
      shadow(50, 74, 44, 6) +
      '<ellipse cx="50" cy="60" rx="40" ry="16" fill="url(#d)"/><ellipse cx="50" cy="54" rx="40" ry="16" fill="url(#b)"/><ellipse cx="50" cy="54" rx="40" ry="16" fill="url(#g)" fill-opacity=".5"/>' +
      '<ellipse cx="50" cy="53" rx="32" ry="12" fill="none" stroke="#000" stroke-opacity=".15"/><ellipse cx="50" cy="46" rx="8" ry="3.5" fill="url(#m)"/><rect x="42" y="46" width="16" height="3.5" fill="url(#m)"/><ellipse cx="50" cy="49.5" rx="8" ry="3.5" fill="#000" fill-opacity=".25"/>' +
      `<ellipse cx="50" cy="62" rx="5" ry="1.6" fill="${p.accent}"/><path d="M22 64q28 10 56 0" stroke="#000" stroke-opacity=".3" fill="none"/>`,
    side: (p) =>
      shadow(50, 70, 44, 4) +
      '<rect x="8" y="50" width="84" height="16" rx="7" fill="url(#b)"/><rect x="8" y="50" width="84" height="16" rx="7" fill="url(#g)" fill-opacity=".4"/>' +
      '<rect x="40" y="42" width="20" height="8" rx="2" fill="url(#m)"/><rect x="41" y="45" width="18" height="2" fill="#0d0e10"/>' +
      `<path d="M8 60H92" stroke="#000" stroke-opacity=".25"/><rect x="46" y="54" width="8" height="1.6" rx=".8" fill="${p.accent}"/><circle cx="22" cy="67" r="3" fill="#0d0e10"/><circle cx="78" cy="67" r="3" fill="#0d0e10"/>`,
    scene: ['floor', 16, 34, 0.66],
  },
  printer: {
    front: () =>
      shadow(50, 80, 42, 4) +
      '<path d="M26 20h48l-2 16H28z" fill="#fff" stroke="#ccd0d5" stroke-width=".5"/><rect x="34" y="24" width="20" height="8" fill="url(#s)"/><path d="M34 34h30" stroke="#9aa0a8" stroke-width=".8"/>' +
      '<rect x="10" y="34" width="80" height="40" rx="4" fill="url(#b)"/><rect x="10" y="34" width="80" height="8" rx="3" fill="url(#g)"/>' +
      '<rect x="62" y="42" width="22" height="10" rx="1.5" fill="#0b0c0e"/><rect x="63.5" y="43.5" width="19" height="7" fill="url(#s)"/><circle cx="66" cy="56" r="1.4" fill="#4ade80"/><circle cx="71" cy="56" r="1.4" fill="#0d0e10"/>' +
      '<rect x="22" y="56" width="36" height="4" rx="1" fill="#0d0e10"/><path d="M24 58h32v12H24z" fill="#fff"/><rect x="26" y="61" width="10" height="7" fill="url(#s)"/><path d="M38 62h16M38 65h12" stroke="#9aa0a8" stroke-width=".8"/>' +
      '<rect x="18" y="70" width="64" height="4" fill="#000" fill-opacity=".2"/>',
    side: () =>
      shadow(50, 80, 40, 4) +
      '<path d="M20 34L30 18l4 2-8 14z" fill="#fff" stroke="#ccd0d5" stroke-width=".5"/><rect x="12" y="34" width="76" height="40" rx="4" fill="url(#b)"/><rect x="12" y="34" width="76" height="8" rx="3" fill="url(#g)"/>' +
      '<path d="M88 56h8v4h-8z" fill="url(#b)"/><path d="M20 46h40M20 50h40" stroke="#000" stroke-opacity=".15" stroke-width="1.4"/><rect x="12" y="66" width="76" height="8" fill="#000" fill-opacity=".15"/>',
    ports: ['usbb', 'rj45', 'ac'],
    scene: ['desk', 20, 22, 0.62],
  },
  fridge: {
    front: (p) =>
      shadow(50, 95, 28, 2.5) +
      '<rect x="24" y="4" width="52" height="88" rx="3" fill="url(#m)"/><rect x="24" y="4" width="52" height="88" rx="3" fill="url(#b)" fill-opacity=".35"/>' +
      '<path d="M50 4v58M24 62h52" stroke="#000" stroke-opacity=".25" stroke-width=".8"/><path d="M46 16v30M54 16v30M34 68h32" stroke="url(#d)" stroke-width="2" stroke-linecap="round"/>' +
      `<rect x="30" y="14" width="12" height="18" rx="1.5" fill="#0b0c0e"/><rect x="32" y="16" width="8" height="3" rx=".5" fill="${p.accent}"/><rect x="33" y="22" width="6" height="8" fill="#1d1f23"/>` +
      '<rect x="26" y="92" width="4" height="2" fill="#0d0e10"/><rect x="70" y="92" width="4" height="2" fill="#0d0e10"/>',
    side: () =>
      shadow(50, 95, 30, 2.5) +
      '<rect x="22" y="4" width="50" height="88" rx="2" fill="url(#b)"/><rect x="22" y="4" width="50" height="88" rx="2" fill="url(#g)" fill-opacity=".3"/>' +
      '<rect x="72" y="4" width="6" height="88" rx="1" fill="url(#m)"/><path d="M72 62h6" stroke="#000" stroke-opacity=".3"/><path d="M80 16v30" stroke="#24262b" stroke-width="2" stroke-linecap="round"/><path d="M78 16h2M78 46h2" stroke="#555"/>',
    scene: ['kitchen', 26, 6, 0.74],
  },
  washer: {
    front: (p) =>
      shadow(50, 92, 34, 3) +
      '<rect x="18" y="10" width="64" height="80" rx="4" fill="url(#b)"/><rect x="18" y="10" width="64" height="14" rx="3" fill="url(#g)"/><path d="M18 24h64" stroke="#000" stroke-opacity=".15"/>' +
      `<rect x="22" y="14" width="16" height="6" rx="1" fill="#000" fill-opacity=".12"/><rect x="48" y="14" width="14" height="6" rx="1" fill="#0b0c0e"/><path d="M50 17h4M56 17h4" stroke="${p.accent}" stroke-width="1.6"/><circle cx="72" cy="17" r="4" fill="url(#m)"/>` +
      '<circle cx="50" cy="56" r="24" fill="url(#m)"/><circle cx="50" cy="56" r="19" fill="url(#d)"/><circle cx="50" cy="56" r="14" fill="#2a3342"/>' +
      `<path d="M37 62q13 10 26 0q-6-8-13-4-7-4-13 4z" fill="${p.accent}" fill-opacity=".7"/><path d="M38 46a14 14 0 0 1 8-5" stroke="#fff" stroke-opacity=".5" stroke-width="2" fill="none" stroke-linecap="round"/>`,
    side: () =>
      shadow(50, 92, 34, 3) +
      '<rect x="20" y="10" width="58" height="80" rx="3" fill="url(#b)"/><rect x="20" y="10" width="58" height="80" rx="3" fill="#000" fill-opacity=".08"/><rect x="20" y="10" width="58" height="14" rx="3" fill="url(#g)"/>' +
      '<path d="M78 36q8 20 0 40z" fill="url(#m)"/><path d="M24 84h50" stroke="#000" stroke-opacity=".15"/><rect x="22" y="90" width="4" height="3" fill="#0d0e10"/><rect x="72" y="90" width="4" height="3" fill="#0d0e10"/>',
    scene: ['kitchen', 22, 24, 0.7],
  },
  appliance: {
    front: (p) =>
      shadow(50, 88, 30, 3) +
      '<rect x="24" y="10" width="52" height="76" rx="8" fill="url(#b)"/><rect x="24" y="10" width="52" height="76" rx="8" fill="url(#g)" fill-opacity=".5"/>' +
      `<rect x="32" y="18" width="36" height="12" rx="3" fill="#0b0c0e"/><rect x="35" y="21" width="14" height="6" rx="1" fill="url(#s)"/><circle cx="56" cy="24" r="2" fill="${p.accent}"/><circle cx="62.5" cy="24" r="2" fill="#fff" fill-opacity=".7"/>` +
      '<rect x="34" y="36" width="32" height="38" rx="4" fill="#0b0c0e"/><rect x="44" y="36" width="12" height="6" fill="url(#m)"/>' +
      '<path d="M42 56h16v12a4 4 0 0 1-4 4h-8a4 4 0 0 1-4-4z" fill="#fafafa"/><path d="M58 59h2a3 3 0 0 1 0 6h-2" stroke="#fafafa" stroke-width="1.5" fill="none"/><path d="M48 44v10M52 44v10" stroke="#6b3f22" stroke-width=".8"/>' +
      '<rect x="24" y="78" width="52" height="8" rx="3" fill="url(#m)"/>',
    side: () =>
      shadow(50, 88, 30, 3) +
      '<rect x="20" y="10" width="60" height="76" rx="8" fill="url(#b)"/><rect x="20" y="10" width="60" height="76" rx="8" fill="url(#g)" fill-opacity=".4"/>' +
      '<rect x="58" y="16" width="18" height="44" rx="3" fill="#9fd3f2" fill-opacity=".55" stroke="#fff" stroke-opacity=".7"/><path d="M60 40h14" stroke="#5fa8d8" stroke-width="1.2"/>' +
      '<path d="M20 36h14v6H20z" fill="#0b0c0e"/><rect x="20" y="78" width="60" height="8" rx="3" fill="url(#m)"/>',
    scene: ['kitchen', 26, 22, 0.6],
  },
  camera: {
    front: (p) =>
      shadow(50, 84, 42, 4) +
      '<path d="M36 28l4-8h20l4 8z" fill="url(#b)"/><rect x="20" y="23" width="10" height="5" rx="1" fill="url(#b)"/>' +
      `<rect x="12" y="28" width="76" height="50" rx="6" fill="url(#b)"/><rect x="12" y="28" width="76" height="8" rx="5" fill="url(#g)"/><rect x="68" y="32" width="20" height="46" rx="6" fill="url(#d)"/><rect x="22" y="24" width="6" height="2" rx="1" fill="${p.accent}"/>` +
      '<circle cx="48" cy="55" r="20" fill="url(#m)"/><circle cx="48" cy="55" r="16" fill="url(#d)"/><circle cx="48" cy="55" r="10" fill="#0c1626"/><circle cx="48" cy="55" r="6" fill="#13284a"/>' +
      `<path d="M40 49a10 10 0 0 1 6-4" stroke="${p.accent}" stroke-width="1.6" stroke-opacity=".7" fill="none"/><circle cx="44" cy="51" r="2" fill="#fff" fill-opacity=".55"/>`,
    back: () =>
      shadow(50, 84, 42, 4) +
      '<path d="M36 28l4-8h20l4 8z" fill="url(#b)"/><rect x="12" y="28" width="76" height="50" rx="6" fill="url(#b)"/><rect x="12" y="28" width="76" height="8" rx="5" fill="url(#g)"/>' +
      '<rect x="42" y="21" width="16" height="9" rx="2" fill="url(#d)"/><rect x="16" y="38" width="50" height="34" rx="2" fill="#0b0c0e"/>' + landscape(17.5, 39.5, 47, 31) +
      '<circle cx="78" cy="48" r="5" fill="url(#d)"/><circle cx="78" cy="48" r="2" fill="#3a3d44"/><circle cx="72" cy="64" r="1.8" fill="url(#d)"/><circle cx="80" cy="64" r="1.8" fill="url(#d)"/><circle cx="76" cy="70" r="1.8" fill="url(#d)"/>',
    side: () =>
      shadow(50, 80, 44, 4) +
      '<rect x="8" y="28" width="30" height="50" rx="5" fill="url(#b)"/><rect x="8" y="28" width="30" height="8" rx="4" fill="url(#g)"/><rect x="14" y="24" width="12" height="4" rx="1" fill="url(#d)"/>' +
      '<rect x="38" y="38" width="14" height="32" fill="url(#m)"/><rect x="52" y="36" width="36" height="36" rx="2" fill="url(#d)"/><path d="M60 36v36M62 36v36M64 36v36M66 36v36M68 36v36M70 36v36" stroke="#000" stroke-opacity=".5" stroke-width=".7"/>' +
      '<rect x="88" y="38" width="3" height="32" fill="url(#m)"/><rect x="12" y="52" width="3" height="8" fill="#0d0e10"/>',
    ports: ['usbc', 'hdmi', 'jack', 'sd'],
    scene: ['hand', 6, 14, 0.74, 70],
  },
  drone: {
    front: (p) =>
      shadow(50, 84, 34, 3) +
      '<path d="M40 46L18 32M60 46l22-14M40 56L18 70M60 56l22 14" stroke="url(#b)" stroke-width="4" stroke-linecap="round"/>' +
      '<circle cx="18" cy="32" r="3" fill="url(#m)"/><circle cx="82" cy="32" r="3" fill="url(#m)"/><circle cx="18" cy="70" r="3" fill="url(#m)"/><circle cx="82" cy="70" r="3" fill="url(#m)"/>' +
      '<ellipse cx="18" cy="29" rx="15" ry="2.4" fill="#9aa0a8" fill-opacity=".45"/><ellipse cx="82" cy="29" rx="15" ry="2.4" fill="#9aa0a8" fill-opacity=".45"/><ellipse cx="18" cy="67" rx="15" ry="2.4" fill="#9aa0a8" fill-opacity=".45"/><ellipse cx="82" cy="67" rx="15" ry="2.4" fill="#9aa0a8" fill-opacity=".45"/>' +
      '<rect x="36" y="40" width="28" height="22" rx="7" fill="url(#b)"/><rect x="36" y="40" width="28" height="22" rx="7" fill="url(#g)" fill-opacity=".6"/>' +
      `<rect x="44" y="62" width="12" height="8" rx="2" fill="url(#d)"/><circle cx="50" cy="66" r="2.4" fill="#13284a" stroke="#9aa0a8" stroke-width=".5"/><circle cx="40" cy="48" r="1" fill="${p.accent}"/><circle cx="60" cy="48" r="1" fill="#4ade80"/>`,
    side: () =>
      shadow(50, 80, 36, 3) +
      '<path d="M12 40h76" stroke="#9aa0a8" stroke-opacity=".6" stroke-width="1.6"/><rect x="18" y="40" width="4" height="6" fill="url(#m)"/><rect x="78" y="40" width="4" height="6" fill="url(#m)"/>' +
      '<path d="M20 46h60l-6 12H26z" fill="url(#b)"/><path d="M20 46h60l-6 12H26z" fill="url(#g)" fill-opacity=".5"/>' +
      '<path d="M30 58l-4 16M70 58l4 16" stroke="url(#d)" stroke-width="2" stroke-linecap="round"/><rect x="44" y="58" width="12" height="8" rx="2" fill="url(#d)"/><circle cx="56" cy="62" r="2" fill="#13284a"/>',
    scene: ['sky', 10, 6, 0.8],
  },
  card: {
    front: (p) =>
      shadow(50, 76, 46, 4) +
      '<rect x="4" y="26" width="6" height="48" rx="1" fill="url(#m)"/>' +
      '<rect x="10" y="26" width="86" height="40" rx="3" fill="url(#b)"/><rect x="10" y="26" width="86" height="10" rx="3" fill="url(#g)"/>' +
      `<circle cx="32" cy="46" r="15" fill="url(#d)"/><circle cx="72" cy="46" r="15" fill="url(#d)"/><circle cx="32" cy="46" r="15" fill="none" stroke="${p.accent}" stroke-width="1.2"/><circle cx="72" cy="46" r="15" fill="none" stroke="${p.accent}" stroke-width="1.2"/>` +
      '<path d="M32 34q6 6 0 12q-6 6 0 12M20 46q6-6 12 0q6 6 12 0M72 34q6 6 0 12q-6 6 0 12M60 46q6-6 12 0q6 6 12 0" stroke="#3a3d44" stroke-width="2.4" fill="none"/>' +
      '<circle cx="32" cy="46" r="4" fill="url(#m)"/><circle cx="72" cy="46" r="4" fill="url(#m)"/>' +
      '<rect x="10" y="66" width="86" height="6" fill="#0f3d2a"/><path d="M28 73h44" stroke="#d4a93c" stroke-width="3" stroke-dasharray="1 .6"/>',
    back: (p) =>
      shadow(50, 76, 46, 4) +
      '<rect x="4" y="26" width="6" height="48" rx="1" fill="url(#m)"/><rect x="10" y="26" width="86" height="46" rx="2" fill="url(#m)"/><rect x="10" y="26" width="86" height="46" rx="2" fill="url(#b)" fill-opacity=".5"/>' +
      `<path d="M20 34h24M20 38h24M20 42h24M62 58h26M62 62h26" stroke="#000" stroke-opacity=".3" stroke-width="1.4"/><circle cx="70" cy="42" r="7" fill="none" stroke="${p.accent}" stroke-width="1.6"/><path d="M28 73h44" stroke="#d4a93c" stroke-width="3" stroke-dasharray="1 .6"/>`,
    ports: ['hdmi', 'dp', 'dp', 'dp'],
    scene: ['pc', 8, 28, 0.84],
  },
  stick: {
    front: (p) =>
      shadow(50, 70, 46, 4) +
      '<rect x="6" y="38" width="88" height="26" rx="1" fill="#0f3d2a"/><path d="M8 66h84" stroke="#d4a93c" stroke-width="4" stroke-dasharray="1 .6"/><rect x="44" y="62" width="3" height="6" fill="url(#bg)"/>' +
      `<path d="M6 30h88v24H6z" fill="url(#b)"/><path d="M6 30h88v6H6z" fill="url(#g)"/><path d="M6 30h20l4 4h40l4-4h20" stroke="${p.accent}" stroke-width="1.4" fill="none"/>` +
      '<rect x="34" y="40" width="32" height="8" rx="1" fill="#fff" fill-opacity=".85"/><path d="M37 44h18" stroke="#0d0e10" stroke-width="1.4" stroke-dasharray=".6 .4"/>',
    back: () =>
      shadow(50, 70, 46, 4) +
      '<rect x="6" y="34" width="88" height="30" rx="1" fill="#0f3d2a"/><path d="M8 66h84" stroke="#d4a93c" stroke-width="4" stroke-dasharray="1 .6"/>' +
      '<path d="M12 40h10v14H12zM26 40h10v14H26zM40 40h10v14H40zM64 40h10v14H64zM78 40h10v14H78z" fill="#17181b"/><path d="M8 36h84" stroke="#3d7a5a" stroke-width=".6"/>' +
      '<rect x="52" y="40" width="10" height="14" fill="#f4f5f7"/><path d="M54 43v8M55.5 43v8M57.5 43v8M59 43v8M60.5 43v8" stroke="#0d0e10" stroke-width=".5"/>',
    scene: ['pc', 6, 44, 0.6],
  },
  chip: {
    front: (p) =>
      shadow(50, 84, 36, 4) +
      '<rect x="14" y="14" width="72" height="72" rx="3" fill="#1f5a3c"/><path d="M18 18h64v64H18z" fill="none" stroke="#d4a93c" stroke-width="2" stroke-dasharray=".8 .8"/>' +
      '<rect x="22" y="22" width="56" height="56" rx="5" fill="url(#m)"/><rect x="22" y="22" width="56" height="56" rx="5" fill="url(#b)" fill-opacity=".25"/>' +
      `<path d="M32 40h36M32 46h24M32 52h30" stroke="#000" stroke-opacity=".25" stroke-width="2"/><path d="M16 84l6-6v6z" fill="#d4a93c"/><rect x="32" y="60" width="14" height="3" fill="${p.accent}" fill-opacity=".7"/>`,
    back: () =>
      shadow(50, 84, 36, 4) +
      '<rect x="14" y="14" width="72" height="72" rx="3" fill="#1f5a3c"/>' +
      '<pattern id="q" width="3.2" height="3.2" patternUnits="userSpaceOnUse"><circle cx="1.6" cy="1.6" r=".8" fill="#d4a93c"/></pattern><rect x="17" y="17" width="66" height="66" fill="url(#q)"/>' +
      '<rect x="38" y="38" width="24" height="24" fill="#1f5a3c"/><path d="M41 42h4M41 47h4M41 52h4M41 57h4M55 42h4M55 47h4M55 52h4M55 57h4" stroke="#b8a47a" stroke-width="2"/><path d="M16 84l6-6v6z" fill="#fff"/>',
    scene: ['pc', 20, 18, 0.6],
  },
  router: {
    front: (p) =>
      shadow(50, 80, 44, 4) +
      '<path d="M20 60L14 20M38 56L36 14M62 56l2-42M80 60l6-40" stroke="url(#d)" stroke-width="3.2" stroke-linecap="round"/>' +
      '<path d="M10 60L20 50H80L90 60V72H10z" fill="url(#b)"/><path d="M10 60L20 50H80L90 60z" fill="url(#g)"/><path d="M10 60H90" stroke="#000" stroke-opacity=".2"/>' +
      `<path d="M30 66h.1M36 66h.1M42 66h.1M48 66h.1M54 66h.1" stroke="${p.accent}" stroke-width="1.8" stroke-linecap="round"/><path d="M62 66h.1M68 66h.1" stroke="#4ade80" stroke-width="1.8" stroke-linecap="round"/>`,
    side: () =>
      shadow(50, 80, 44, 4) +
      '<path d="M50 50V12" stroke="#24262b" stroke-width="3.2" stroke-linecap="round"/><path d="M30 54L26 16M70 54l4-38" stroke="url(#d)" stroke-width="3.2" stroke-linecap="round" stroke-opacity=".7"/>' +
      '<rect x="12" y="50" width="76" height="22" rx="4" fill="url(#b)"/><path d="M16 56h68M16 60h68M16 64h68" stroke="#000" stroke-opacity=".2" stroke-width="1.2"/><rect x="16" y="72" width="6" height="2" fill="#0d0e10"/><rect x="78" y="72" width="6" height="2" fill="#0d0e10"/>',
    ports: ['dc', 'rj45', 'rj45', 'rj45', 'rj45', 'usba'],
    scene: ['desk', 16, 16, 0.68],
  },
};

function paintFor(key: string): { paint: Paint; finish: readonly [string, string, string]; h: number } {
  const h = hash(key);
  const hue = h % 360;
  const finish = FINISHES[(h >>> 9) % FINISHES.length]!;
  return {
    h,
    finish,
    paint: { hue, key: finish[2], accent: `hsl(${(hue + 40) % 360} 85% 55%)`, skin: SKINS[(h >>> 13) % SKINS.length]!, variant: (h >>> 17) % 4 },
  };
}

/** The drawing of one view, or null when the shape has no such view. */
function artFor(shape: Shape, view: ImageView, paint: Paint): string | null {
  const drawing = DRAWINGS[shape];
  if (!viewsOfShape(shape).includes(view)) return null;
  switch (view) {
    case 'front': return drawing.front(paint);
    case 'back': return drawing.back?.(paint) ?? null;
    case 'side': return drawing.side?.(paint) ?? null;
    case 'ports': return drawing.ports ? portsView(drawing.ports) : null;
    case 'scene': {
      const [kind, x, y, scale, grip = 64] = drawing.scene;
      return `${sceneBack(kind, paint)}<g transform="translate(${x} ${y}) scale(${scale})">${drawing.front(paint)}</g>${sceneFront(kind, paint, grip)}`;
    }
  }
}

/**
 * The SVG document for an image key at `size` pixels, in one of its views; null when the key's
 * shape has no such view (the route answers 404). The label (the brand) is drawn on the front
 * view only, and only from the small preset up, where it stays legible.
 */
export function renderProductImage(key: string, size: number, label: string, view: ImageView = 'front'): string | null {
  const shape = shapeOf(key);
  const { paint, finish, h } = paintFor(key);
  const art = artFor(shape, view, paint);
  if (art === null) return null;
  const withLabel = view === 'front' && size >= IMAGE_PRESETS.small && label.trim() !== '';
  const backdrop = view === 'front' || view === 'back' || view === 'side' ? '<rect width="100" height="100" fill="url(#bg)"/>' : '';
  const body = withLabel
    ? `${backdrop}<g transform="translate(8 1) scale(.84)">${art}</g><text x="50" y="94" text-anchor="middle" font-family="system-ui, sans-serif" font-size="7" font-weight="600" fill="#3a3d44">${escapeXml(label)}</text>`
    : backdrop + art;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(label)}">` +
    defs(h, paint.hue, finish) +
    body +
    '</svg>'
  );
}
