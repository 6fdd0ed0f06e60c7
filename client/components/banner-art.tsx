/**
 * The generated art of a home banner: an SVG drawn from data (no image file, no request), a
 * background and a simple line drawing of the banner's motif. Decorative: the banner's words are
 * HTML beside it. A campaign's colours come in as `fill` attributes (the CSP allows no inline
 * style); otherwise the banner's tone class paints it from the design tokens (home.css).
 */
import type { ReactNode } from 'react';

const MOTIFS: Record<string, ReactNode> = {
  laptop: (
    <>
      <rect x="250" y="50" width="120" height="80" rx="8" />
      <path d="M230 140h160l-12 16H242z" />
    </>
  ),
  gamepad: (
    <>
      <path d="M250 80c-20 0-32 24-32 50 0 18 16 24 28 12l16-16h76l16 16c12 12 28 6 28-12 0-26-12-50-32-50z" />
      <circle cx="352" cy="108" r="7" />
      <path d="M264 104h24M276 92v24" />
    </>
  ),
  gift: (
    <>
      <rect x="250" y="80" width="110" height="80" rx="6" />
      <path d="M240 70h130v20H240zM305 70v90M305 70c-10-26-40-26-36-8 2 8 20 8 36 8 16 0 34 0 36-8 4-18-26-18-36 8" />
    </>
  ),
  sparkle: (
    <>
      <path d="M310 30l14 46 46 14-46 14-14 46-14-46-46-14 46-14z" />
      <path d="M370 130l6 18 18 6-18 6-6 18-6-18-18-6 18-6z" />
    </>
  ),
  truck: (
    <>
      <path d="M220 70h100v70H220zM320 95h38l22 24v21h-60z" />
      <circle cx="250" cy="146" r="13" />
      <circle cx="350" cy="146" r="13" />
    </>
  ),
  book: (
    <>
      <rect x="240" y="120" width="130" height="24" rx="4" />
      <rect x="252" y="92" width="110" height="24" rx="4" />
      <rect x="264" y="64" width="90" height="24" rx="4" />
    </>
  ),
};

export function BannerArt({ motif, background, ink }: { motif: string; background?: string; ink?: string }) {
  return (
    <svg className="banner__art" aria-hidden="true" focusable="false" width="400" height="200" viewBox="0 0 400 200" preserveAspectRatio="xMaxYMid slice">
      {background ? <rect width="400" height="200" fill={background} /> : <rect className="banner__bg" width="400" height="200" />}
      <circle className={ink ? undefined : 'banner__shape'} cx="330" cy="40" r="90" fill={ink} opacity=".12" />
      <g className={ink ? undefined : 'banner__motif'} transform="translate(126 64) scale(.68)" fill="none" stroke={ink} strokeWidth="6" strokeLinejoin="round" strokeLinecap="round" opacity=".35">
        {MOTIFS[motif] ?? MOTIFS.sparkle}
      </g>
    </svg>
  );
}
