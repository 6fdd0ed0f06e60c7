/**
 * The configurator's ready-made PC configurations (presets). Each preset names the roles it
 * fills and a price tier; the articles are chosen from the generated catalogue by a fixed rule
 * (new articles the retailer sells, compatible socket and memory where the catalogue allows,
 * the article at the tier's place in price order), so the presets follow any catalogue size.
 */
import type { Article, CatalogueContext } from './articles';
import { articleAt } from './articles';
import type { L6 } from './text';

export type PresetRole = 'cpu' | 'motherboard' | 'ram' | 'gpu' | 'storage' | 'psu';

export interface PresetDef {
  key: string;
  /** Where in each role's price order the preset picks: 0 cheapest, 1 dearest. */
  tier: number;
  /** The power supply it wants at least, in watts. */
  watts: number;
  roles: { role: PresetRole; qty?: number }[];
  name: L6;
  slug: L6;
  description: L6;
}

/** The catalogue kind each role is picked from. */
const ROLE_KIND: Record<PresetRole, string> = { cpu: 'cpu', motherboard: 'motherboard', ram: 'ram', gpu: 'gpu', storage: 'ssd', psu: 'psu' };

export const PRESETS: PresetDef[] = [
  {
    key: 'office', tier: 0.1, watts: 550,
    roles: [{ role: 'cpu' }, { role: 'motherboard' }, { role: 'ram' }, { role: 'storage' }, { role: 'psu' }],
    name: ['PC de oficina', 'Office PC', 'PC de bureau', 'PC de escritório', 'PC da ufficio', 'Büro-PC'],
    slug: ['configuracion-pc-oficina', 'office-pc-build', 'configuration-pc-bureau', 'configuracao-pc-escritorio', 'configurazione-pc-ufficio', 'buero-pc-konfiguration'],
    description: [
      'Un equipo silencioso y fiable para ofimática, videollamadas y navegación, con gráficos integrados en el procesador.',
      'A quiet, reliable build for office work, video calls and browsing, using the graphics built into the processor.',
      'Une configuration silencieuse et fiable pour la bureautique, les visioconférences et la navigation, avec la partie graphique intégrée au processeur.',
      'Uma configuração silenciosa e fiável para trabalho de escritório, videochamadas e navegação, com a gráfica integrada no processador.',
      'Una configurazione silenziosa e affidabile per lavoro d’ufficio, videochiamate e navigazione, con la grafica integrata nel processore.',
      'Ein leiser, zuverlässiger PC für Büroarbeit, Videocalls und Surfen – mit der im Prozessor integrierten Grafik.',
    ],
  },
  {
    key: 'gaming', tier: 0.55, watts: 750,
    roles: [{ role: 'cpu' }, { role: 'motherboard' }, { role: 'ram' }, { role: 'gpu' }, { role: 'storage' }, { role: 'psu' }],
    name: ['PC gaming equilibrado', 'Balanced gaming PC', 'PC gamer équilibré', 'PC gaming equilibrado', 'PC gaming bilanciato', 'Ausgewogener Gaming-PC'],
    slug: ['configuracion-pc-gaming', 'gaming-pc-build', 'configuration-pc-gamer', 'configuracao-pc-gaming', 'configurazione-pc-gaming', 'gaming-pc-konfiguration'],
    description: [
      'Para jugar con fluidez en 1440p: procesador de gama media, tarjeta gráfica actual y SSD NVMe.',
      'For smooth gaming at 1440p: a mid-range processor, a current graphics card and an NVMe SSD.',
      'Pour jouer de façon fluide en 1440p : processeur milieu de gamme, carte graphique récente et SSD NVMe.',
      'Para jogar com fluidez em 1440p: processador de gama média, placa gráfica atual e SSD NVMe.',
      'Per giocare in modo fluido a 1440p: processore di fascia media, scheda video recente e SSD NVMe.',
      'Für flüssiges Spielen in 1440p: Mittelklasse-Prozessor, aktuelle Grafikkarte und NVMe-SSD.',
    ],
  },
  {
    key: 'creator', tier: 0.95, watts: 1000,
    roles: [{ role: 'cpu' }, { role: 'motherboard' }, { role: 'ram' }, { role: 'gpu' }, { role: 'storage', qty: 2 }, { role: 'psu' }],
    name: ['Estación de trabajo para creadores', 'Creator workstation', 'Station de travail pour créateurs', 'Estação de trabalho para criadores', 'Workstation per creator', 'Workstation für Kreative'],
    slug: ['configuracion-estacion-creadores', 'creator-workstation-build', 'configuration-station-createurs', 'configuracao-estacao-criadores', 'configurazione-workstation-creator', 'workstation-kreative-konfiguration'],
    description: [
      'Edición de vídeo 4K, 3D y juegos sin límites: lo más potente del catálogo, con dos SSD para proyectos y copias.',
      '4K video editing, 3D and gaming without limits: the most powerful parts in the catalogue, with two SSDs for projects and backups.',
      'Montage vidéo 4K, 3D et jeu sans limites : les composants les plus puissants du catalogue, avec deux SSD pour les projets et les sauvegardes.',
      'Edição de vídeo 4K, 3D e jogos sem limites: o mais potente do catálogo, com dois SSD para projetos e cópias de segurança.',
      'Montaggio video 4K, 3D e gaming senza limiti: i componenti più potenti del catalogo, con due SSD per progetti e backup.',
      '4K-Videoschnitt, 3D und Gaming ohne Grenzen: die stärksten Komponenten im Sortiment, mit zwei SSDs für Projekte und Backups.',
    ],
  },
];

export interface PresetComponent {
  role: PresetRole;
  articleId: number;
  qty: number;
}

const watts = (a: Article) => Number.parseInt(a.specs.power ?? '0', 10);

/** The article at `tier` in price order among those `prefer` accepts (all of them when it accepts none). */
function pick(pool: readonly Article[], tier: number, prefer: (a: Article) => boolean = () => true): Article | undefined {
  const preferred = pool.filter(prefer);
  const from = [...(preferred.length ? preferred : pool)].sort((a, b) => a.basePrice - b.basePrice || a.id - b.id);
  return from[Math.min(from.length - 1, Math.floor(tier * from.length))];
}

/** Each preset's components, chosen from the catalogue (roles it cannot fill are left out). */
export function presetComponents(ctx: CatalogueContext): PresetComponent[][] {
  const byKind = new Map<string, Article[]>();
  const wanted = new Set(Object.values(ROLE_KIND));
  for (let id = 1; id <= ctx.articles; id++) {
    const a = articleAt(ctx, id);
    if (!wanted.has(a.kind.def.key)) continue;
    byKind.set(a.kind.def.key, [...(byKind.get(a.kind.def.key) ?? []), a]);
  }
  // New articles the retailer sells itself, when there are any of the kind.
  const poolOf = (role: PresetRole) => {
    const all = byKind.get(ROLE_KIND[role]) ?? [];
    const own = all.filter((a) => a.hasRetailerOffer && !a.discontinued && a.condition === 'new');
    return own.length ? own : all;
  };
  return PRESETS.map((preset) => {
    const chosen = new Map<PresetRole, Article>();
    for (const { role } of preset.roles) {
      const cpu = chosen.get('cpu');
      const prefer: Record<PresetRole, (a: Article) => boolean> = {
        // A build without a graphics card needs a processor with graphics: not an Intel "F" model.
        cpu: (a) => preset.roles.some((r) => r.role === 'gpu') || !/\d+F$/.test(a.series.name),
        motherboard: (a) => !cpu?.specs.socket || (a.specs.chipset ?? '').includes(`(${cpu.specs.socket})`),
        ram: (a) => (a.specs.memtype ?? '').startsWith('DDR5'),
        gpu: () => true,
        storage: (a) => (a.specs.interface ?? '').includes('NVMe'),
        psu: (a) => watts(a) >= preset.watts,
      };
      const article = role === 'psu' ? pick(poolOf(role), 0, prefer.psu) : pick(poolOf(role), preset.tier, prefer[role]);
      if (article) chosen.set(role, article);
    }
    return preset.roles.flatMap(({ role, qty }) => {
      const article = chosen.get(role);
      return article ? [{ role, articleId: article.id, qty: qty ?? 1 }] : [];
    });
  });
}
