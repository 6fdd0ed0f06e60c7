/**
 * Which operating systems suit a build (or a single component or PC article): those whose edition
 * addresses the build's memory, the edition the build calls for first. A workstation-class build
 * (many cores or much memory) is pointed at Pro, anything else at Home, the cheaper one.
 */
import { candidateFit, type Fit } from './fit';
import type { Build, OsData } from './parts';

/** A build with at least this many CPU cores or this much memory is a workstation. */
export const WORKSTATION = { cores: 16, memoryGB: 64 } as const;

export interface OsCandidate {
  articleId: number;
  data: OsData;
}

export type OsRecommendation = OsCandidate & Fit & { recommended: boolean };

const EDITION_ORDER: Record<'home' | 'pro', OsData['edition'][]> = {
  home: ['home', 'pro', 'workstations'],
  pro: ['pro', 'workstations', 'home'],
};

/** The edition a build calls for. */
export function editionFor(build: Build): 'home' | 'pro' {
  const cores = build.cpu?.cores ?? 0;
  const memory = build.memory?.capacityGB ?? 0;
  return cores >= WORKSTATION.cores || memory >= WORKSTATION.memoryGB ? 'pro' : 'home';
}

/**
 * The operating systems that fit the build, best first (the edition it calls for, then the
 * others by that order, then by article id); the first one that fits is `recommended`. Systems
 * that do not fit come last, with their reasons.
 */
export function recommendOs(build: Build, systems: readonly OsCandidate[]): OsRecommendation[] {
  const order = EDITION_ORDER[editionFor(build)];
  const ranked = systems
    .map((os) => ({ ...os, ...candidateFit(build, { slot: 'os', data: os.data }), recommended: false }))
    .sort((a, b) => Number(b.fits) - Number(a.fits) || order.indexOf(a.data.edition) - order.indexOf(b.data.edition) || a.articleId - b.articleId);
  if (ranked[0]?.fits) ranked[0].recommended = true;
  return ranked;
}
