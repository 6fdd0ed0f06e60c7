/**
 * The interactive PC configurator (spec §2 /configurador/{configurationId?}, route `configurator`;
 * docs/configurator.md). The build travels in the address (`?build=cpu:12,motherboard:34,…`), so
 * every step is a plain link: it works without script, can be shared as it is and reloads as it
 * was. `?step=` is the slot being chosen (else the first empty one) and `?page=` pages its parts,
 * the compatible first. A saved configuration (`configurationId`, its public id) opens with its
 * parts unless the address carries a build of its own.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { ConfiguratorData } from '../../../client/pages/configurator';
import { href } from '../../../client/routes';
import { configurationByPublicId } from '../../configurations/saved';
import { cardsOf, componentParts, listCandidates, CANDIDATES_PAGE_SIZE } from '../../db/pc-components';
import { checkBuild } from '../../domain/configurator/fit';
import { buildOf, CONFIGURATION_SLOTS, parseBuildParam, type ChosenPart, type ConfigurationSlot } from '../../domain/configurator/parts';
import { powerBudget } from '../../domain/configurator/power';
import { assemblyPrice } from '../../configurations/to-cart';
import { definePage, formRefusal, pageNumber, type PageDefinition } from './types';

const isSlot = (value: string | null): value is ConfigurationSlot => value !== null && (CONFIGURATION_SLOTS as readonly string[]).includes(value);

const configurator = definePage<ConfiguratorData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/configurator')),
  async load({ db, url, params, i18n, user, channel, language }) {
    const saved = params.configurationId ? await configurationByPublicId(db, params.configurationId) : null;
    if (params.configurationId && !saved) return null;
    const buildText = url.searchParams.get('build');
    let chosen: ChosenPart[];
    if (buildText !== null) {
      const parsed = parseBuildParam(buildText);
      // A build address that names no parts of their slots is not a page.
      if ('error' in parsed) return null;
      chosen = parsed.chosen;
    } else {
      chosen = saved?.parts ?? [];
    }
    const parts = await componentParts(db, chosen.map((c) => c.articleId));
    // Parts gone from the catalogue (or of another slot) drop out of the build rather than break it.
    chosen = chosen.filter((c) => parts.get(c.articleId)?.slot === c.slot);
    const build = buildOf(chosen.map((c) => parts.get(c.articleId)!));
    const requested = url.searchParams.get('step');
    const step = isSlot(requested) ? requested : (CONFIGURATION_SLOTS.find((slot) => !chosen.some((c) => c.slot === slot)) ?? 'cpu');
    const page = pageNumber(url);
    // The parts that fit, or (`?show=excluded`) those that do not, each with the reasons.
    const view = url.searchParams.get('show') === 'excluded' ? 'excluded' : 'fitting';
    const [candidates, cards, assembly] = await Promise.all([
      listCandidates(db, { slot: step, build, channel: channel.id, language, page, pageSize: CANDIDATES_PAGE_SIZE, which: view }),
      cardsOf(db, chosen.map((c) => c.articleId), language, channel.id),
      assemblyPrice(db),
    ]);
    if (page > 1 && candidates.items.length === 0) return null;
    const chosenParts = chosen.map((c) => ({ ...c, part: parts.get(c.articleId)!, card: cards.get(c.articleId) ?? null }));
    const title = saved ? saved.name : i18n._(msg`PC configurator`);
    const path = href('configurator', language, channel, saved ? { configurationId: saved.publicId } : {});
    return {
      data: {
        step,
        view,
        chosen: chosenParts,
        candidates,
        check: checkBuild(build),
        power: powerBudget(build),
        total: chosenParts.reduce((sum, c) => sum + (c.card?.price ?? 0), 0),
        saved: saved ? { publicId: saved.publicId, name: saved.name, mine: user?.id === saved.userId } : null,
        signedIn: user !== null,
        assemblyPrice: assembly,
        justSaved: url.searchParams.get('saved') === '1',
        refusal: formRefusal(url, i18n),
        origin: url.origin,
      },
      meta: {
        title: `${title} | Ampora`,
        description: i18n._(msg`Build your PC step by step: we show only the parts that fit together, and why the others do not.`),
        // Builds in the address and saved configurations are the shopper's own: only the empty configurator is indexed.
        noIndex: chosen.length > 0 || saved !== null || url.search !== '',
      },
      breadcrumbs: [{ name: title, path }],
    };
  },
});

export const configuratorRoutePages: Partial<Record<'configurator', PageDefinition<unknown>>> = { configurator };
