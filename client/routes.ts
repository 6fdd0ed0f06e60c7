/**
 * THE route table, compiled: `href()` builds every link of the store, `matchPath()` finds the
 * screen a request belongs to. The table is validated when this module loads, so a bad path
 * stops the Worker from starting (spec §1, §5).
 */
import { LANGUAGES, LANGUAGE_INFO, languageFromPrefix, type Language } from './i18n/languages';
import { ROUTE_TABLE, type PathsByLanguage, type RouteId } from './route-table';

export type { RouteId } from './route-table';
export type RouteParams = Record<string, string>;

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string; optional: boolean } | { kind: 'rest' };

export interface CompiledRoute {
  id: string;
  language: Language;
  path: string;
  segments: Segment[];
  /** Higher wins when two routes match the same path: literals beat parameters beat the rest. */
  score: number;
}

export class RouteTableError extends Error {}

function parseSegments(id: string, language: Language, path: string): Segment[] {
  if (!path.startsWith('/')) {
    throw new RouteTableError(`Route "${id}" (${language}): path "${path}" must be absolute and begin with "/"`);
  }
  const parts = path.split('/').filter(Boolean);
  const seen = new Set<string>();
  return parts.map((part, index) => {
    const last = index === parts.length - 1;
    if (part === '*') {
      if (!last) throw new RouteTableError(`Route "${id}" (${language}): "*" may only end the path "${path}"`);
      return { kind: 'rest' } as const;
    }
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new RouteTableError(`Route "${id}" (${language}): bad parameter "${part}"`);
      if (optional && !last) throw new RouteTableError(`Route "${id}" (${language}): optional "${part}" must end the path`);
      if (seen.has(name)) throw new RouteTableError(`Route "${id}" (${language}): parameter "${name}" repeats`);
      seen.add(name);
      return { kind: 'param', name, optional } as const;
    }
    return { kind: 'literal', value: part } as const;
  });
}

function scoreOf(segments: Segment[]): number {
  // Each position weighs more than all the positions after it: base 4 digits, literal 3, param 2, optional 1, rest 0.
  return segments.reduce((score, s, i) => {
    const weight = s.kind === 'literal' ? 3 : s.kind === 'param' ? (s.optional ? 1 : 2) : 0;
    return score + weight * 4 ** (12 - i);
  }, segments.length);
}

/** Validates and compiles a route table; throws a RouteTableError naming the first bad route. */
export function compileRoutes(table: Record<string, PathsByLanguage>): Map<Language, CompiledRoute[]> {
  const byLanguage = new Map<Language, CompiledRoute[]>();
  for (const language of LANGUAGES) byLanguage.set(language, []);
  for (const [id, paths] of Object.entries(table)) {
    for (const language of LANGUAGES) {
      const path = paths[language];
      if (typeof path !== 'string') throw new RouteTableError(`Route "${id}" has no path for ${language}`);
      const segments = parseSegments(id, language, path);
      byLanguage.get(language)!.push({ id, language, path, segments, score: scoreOf(segments) });
    }
  }
  for (const routes of byLanguage.values()) routes.sort((a, b) => b.score - a.score);
  return byLanguage;
}

const COMPILED = compileRoutes(ROUTE_TABLE);

/** The channel facts routing needs: its default language and the languages it offers. */
export interface RoutingChannel {
  defaultLanguage: Language;
  languages: readonly Language[];
}

/** Path prefix for a language on a channel: '' for the channel's default language, '/en' otherwise. */
export function languagePrefix(language: Language, channel: RoutingChannel): string {
  return language === channel.defaultLanguage ? '' : `/${LANGUAGE_INFO[language].prefix}`;
}

/** Builds the path of a screen in a language on a channel. Throws on a missing parameter. */
export function href(id: RouteId, language: Language, channel: RoutingChannel, params: RouteParams = {}): string {
  const route = COMPILED.get(language)!.find((r) => r.id === id)!;
  const parts = route.segments.flatMap((s) => {
    if (s.kind === 'literal') return [s.value];
    if (s.kind === 'rest') return params['*'] ? [params['*']] : [];
    const value = params[s.name];
    if (value === undefined || value === '') {
      if (s.optional) return [];
      throw new Error(`href("${id}"): missing parameter "${s.name}"`);
    }
    return [encodeURIComponent(value)];
  });
  const path = '/' + parts.join('/');
  const prefix = languagePrefix(language, channel);
  return prefix ? (path === '/' ? `${prefix}/` : prefix + path) : path;
}

/** The path of any slug-addressed page (category, product…) in a language on a channel. */
export function slugHref(slug: string, language: Language, channel: RoutingChannel): string {
  return `${languagePrefix(language, channel)}/${encodeURIComponent(slug)}`;
}

export type PathMatch =
  | { kind: 'route'; language: Language; id: RouteId; params: RouteParams }
  | { kind: 'dynamic'; language: Language; path: string }
  /** The default language's own prefix (`/es/...` on ES): the page lives at `location`. */
  | { kind: 'redirect'; language: Language; location: string };

function matchSegments(route: CompiledRoute, parts: string[]): RouteParams | undefined {
  const params: RouteParams = {};
  for (let i = 0; i < route.segments.length; i++) {
    const s = route.segments[i]!;
    if (s.kind === 'rest') {
      params['*'] = parts.slice(i).join('/');
      return parts.length > i ? params : undefined;
    }
    const part = parts[i];
    if (part === undefined) return s.kind === 'param' && s.optional ? params : undefined;
    if (s.kind === 'literal') {
      if (s.value !== part) return undefined;
    } else {
      params[s.name] = part;
    }
  }
  return parts.length === route.segments.length ? params : undefined;
}

/** A path segment with its percent-escapes decoded, or undefined when an escape is malformed (`%ZZ`, a cut UTF-8 sequence). */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function decodeParts(path: string): string[] | undefined {
  const parts = path.split('/').filter(Boolean).map(decodeSegment);
  // A malformed escape: no route matches it.
  return parts.every((part) => part !== undefined) ? (parts as string[]) : undefined;
}

/** Finds the language and screen of a path on a channel. Unmatched paths go to the dynamic resolver. */
export function matchPath(pathname: string, channel: RoutingChannel): PathMatch {
  const [first, ...others] = pathname.split('/').filter(Boolean);
  let language = channel.defaultLanguage;
  let rest = pathname;
  const prefixed = first === undefined ? undefined : languageFromPrefix(first);
  if (prefixed && channel.languages.includes(prefixed)) {
    if (prefixed === channel.defaultLanguage) {
      return { kind: 'redirect', language, location: '/' + others.join('/') };
    }
    language = prefixed;
    rest = '/' + others.join('/');
  }
  const parts = decodeParts(rest);
  if (parts) {
    for (const route of COMPILED.get(language)!) {
      const params = matchSegments(route, parts);
      if (params) return { kind: 'route', language, id: route.id as RouteId, params };
    }
  }
  return { kind: 'dynamic', language, path: rest };
}

/** Just the language a path is in (cheap: no route matching). */
export function languageOfPath(pathname: string, channel: RoutingChannel): Language {
  const first = pathname.split('/').find(Boolean);
  const prefixed = first === undefined ? undefined : languageFromPrefix(first);
  return prefixed && channel.languages.includes(prefixed) ? prefixed : channel.defaultLanguage;
}

/** Route ids of the whole table, for tests and tooling. */
export const ROUTE_IDS = Object.keys(ROUTE_TABLE) as RouteId[];
