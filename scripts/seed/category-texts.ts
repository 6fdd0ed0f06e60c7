/**
 * Category descriptions and SEO texts, and the buying-guide blog posts built on a category.
 * Templates only ever place the category name where a bare noun reads naturally in that
 * language ("En nuestra sección de portátiles…", "Im Bereich Notebooks…").
 */
import type { Category, Kind } from './kinds';
import { LANGS, capitalize, colon, fill, inline, joinList, localizeUnits, type L6, type Lang } from './text';
import { SPEC_LABELS } from './words';

const DESCRIPTIONS: L6[] = [
  [
    'En nuestra sección de {name} encontrarás modelos de las marcas más valoradas, con precios actualizados cada día y envío rápido.',
    'In our {name} section you will find models from the most trusted brands, with prices updated daily and fast delivery.',
    'Dans notre rayon {name}, retrouvez les modèles des marques les plus appréciées, avec des prix mis à jour chaque jour et une livraison rapide.',
    'Na nossa secção de {name} encontra modelos das marcas mais conceituadas, com preços atualizados todos os dias e entrega rápida.',
    'Nel nostro reparto {name} trovi i modelli delle marche più apprezzate, con prezzi aggiornati ogni giorno e spedizione veloce.',
    'Im Bereich {name} finden Sie Modelle der beliebtesten Marken, mit täglich aktualisierten Preisen und schneller Lieferung.',
  ],
  [
    'Compara los productos de {name} por características, precio y opiniones de otros clientes, y elige la opción que mejor se adapte a ti.',
    'Compare products in our {name} range by features, price and other customers’ reviews, and choose the option that suits you best.',
    'Comparez les produits du rayon {name} par caractéristiques, prix et avis clients, et choisissez l’option qui vous convient le mieux.',
    'Compare os produtos de {name} por características, preço e opiniões de outros clientes e escolha a opção que melhor se adapta a si.',
    'Confronta i prodotti della categoria {name} per caratteristiche, prezzo e recensioni dei clienti, e scegli l’opzione più adatta a te.',
    'Vergleichen Sie unser Angebot im Bereich {name} nach Ausstattung, Preis und Kundenbewertungen und finden Sie die passende Wahl.',
  ],
  [
    'Todo en {name}: novedades, ofertas y productos reacondicionados con garantía, en un mismo lugar.',
    'Everything in {name}: new releases, deals and refurbished products with a warranty, all in one place.',
    'Tout l’univers {name} : nouveautés, bons plans et produits reconditionnés garantis, réunis au même endroit.',
    'Tudo em {name}: novidades, promoções e produtos recondicionados com garantia, num só lugar.',
    'Tutto per la categoria {name}: novità, offerte e prodotti ricondizionati con garanzia, in un unico posto.',
    'Alles rund um {name}: Neuheiten, Angebote und generalüberholte Produkte mit Garantie an einem Ort.',
  ],
];

const SEO_TEXT: L6 = [
  'Comprar {name} online en Ampora es fácil: filtra por marca, precio o valoración, consulta la disponibilidad en nuestras tiendas y recibe tu pedido en pocos días. Todos los precios incluyen impuestos y tienes 30 días para devolver tu compra.',
  'Buying {name} online at Ampora is easy: filter by brand, price or rating, check availability in our shops and get your order in a few days. All prices include taxes and you have 30 days to return your purchase.',
  'Acheter en ligne dans le rayon {name} chez Ampora, c’est simple : filtrez par marque, prix ou note, et recevez votre commande en quelques jours. Tous les prix sont TTC et vous disposez de 30 jours pour retourner votre achat.',
  'Comprar {name} online na Ampora é fácil: filtre por marca, preço ou avaliação e receba a sua encomenda em poucos dias. Todos os preços incluem IVA e tem 30 dias para devolver a sua compra.',
  'Acquistare online nella categoria {name} su Ampora è semplice: filtra per marca, prezzo o valutazione e ricevi il tuo ordine in pochi giorni. Tutti i prezzi sono IVA inclusa e hai 30 giorni per restituire il tuo acquisto.',
  'Im Bereich {name} bei Ampora online einkaufen ist einfach: Filtern Sie nach Marke, Preis oder Bewertung und erhalten Sie Ihre Bestellung in wenigen Tagen. Alle Preise inklusive MwSt., und Sie haben 30 Tage Zeit für eine Rückgabe.',
];

/** Description and SEO text of a category. */
export function categoryTexts(category: Category, lang: Lang): { description: string; seoText: string } {
  const li = LANGS.indexOf(lang);
  const name = inline(category.name[li]!, lang);
  return {
    description: fill(DESCRIPTIONS[category.id % DESCRIPTIONS.length]![li]!, { name }),
    seoText: fill(SEO_TEXT[li]!, { name }),
  };
}

const GUIDE_TITLE: L6 = ['{Name}: guía de compra', '{Name}: a buying guide', '{Name} : le guide d’achat', '{Name}: guia de compra', '{Name}: la guida all’acquisto', '{Name}: der große Kaufratgeber'];

const GUIDE_EXCERPT: L6 = [
  'Qué mirar antes de comprar {name}: las características que marcan la diferencia y los consejos de nuestro equipo.',
  'What to check before buying {name}: the features that make a difference and tips from our team.',
  'Les critères à vérifier avant d’acheter : les caractéristiques qui font la différence et les conseils de notre équipe.',
  'O que ter em conta antes de comprar {name}: as características que fazem a diferença e os conselhos da nossa equipa.',
  'Cosa valutare prima di acquistare: le caratteristiche che fanno la differenza e i consigli del nostro team.',
  'Worauf Sie vor dem Kauf achten sollten: die wichtigsten Merkmale und Tipps unseres Teams.',
];

const GUIDE_BODY: L6 = [
  '<p>Elegir entre tantos modelos no siempre es fácil. En esta guía repasamos lo que de verdad importa a la hora de comprar {name}, para que aciertes a la primera.</p><h2>Características clave</h2><ul>{items}</ul><h2>Nuestro consejo</h2><p>Define primero el uso que le vas a dar y tu presupuesto, y compara después dos o tres modelos. Si tienes dudas, nuestro equipo de atención al cliente te ayuda por chat o por teléfono.</p>',
  '<p>With so many models available, choosing is not always easy. In this guide we go through what really matters when buying {name}, so you get it right first time.</p><h2>Key features</h2><ul>{items}</ul><h2>Our advice</h2><p>Start by deciding how you will use it and how much you want to spend, then compare two or three models. If in doubt, our customer service team can help by chat or phone.</p>',
  '<p>Face à la multitude de modèles disponibles, le choix n’est pas toujours simple. Dans ce guide, nous passons en revue ce qui compte vraiment pour ne pas se tromper.</p><h2>Les caractéristiques clés</h2><ul>{items}</ul><h2>Notre conseil</h2><p>Commencez par définir l’usage que vous en ferez et votre budget, puis comparez deux ou trois modèles. En cas de doute, notre service client vous aide par chat ou par téléphone.</p>',
  '<p>Com tantos modelos disponíveis, escolher nem sempre é fácil. Neste guia revemos o que realmente importa na hora de comprar {name}, para acertar à primeira.</p><h2>Características principais</h2><ul>{items}</ul><h2>O nosso conselho</h2><p>Comece por definir a utilização que lhe vai dar e o seu orçamento e, depois, compare dois ou três modelos. Em caso de dúvida, a nossa equipa de apoio ao cliente ajuda por chat ou por telefone.</p>',
  '<p>Con così tanti modelli disponibili, scegliere non è sempre facile. In questa guida vediamo cosa conta davvero al momento dell’acquisto, per non sbagliare.</p><h2>Le caratteristiche chiave</h2><ul>{items}</ul><h2>Il nostro consiglio</h2><p>Definisci prima l’uso che ne farai e il tuo budget, poi confronta due o tre modelli. Se hai dubbi, il nostro servizio clienti ti aiuta via chat o telefono.</p>',
  '<p>Bei so vielen Modellen fällt die Wahl nicht immer leicht. In diesem Ratgeber zeigen wir, worauf es beim Kauf wirklich ankommt, damit Sie die richtige Entscheidung treffen.</p><h2>Die wichtigsten Merkmale</h2><ul>{items}</ul><h2>Unser Tipp</h2><p>Überlegen Sie zuerst, wofür Sie das Gerät nutzen möchten und wie hoch Ihr Budget ist, und vergleichen Sie dann zwei oder drei Modelle. Bei Fragen hilft Ihnen unser Kundenservice per Chat oder Telefon.</p>',
];

const GUIDE_ITEM: L6 = [
  'en nuestro catálogo encontrarás {list}',
  'our range includes {list}',
  'notre catalogue propose {list}',
  'no nosso catálogo encontra {list}',
  'nel nostro catalogo trovi {list}',
  'In unserem Sortiment finden Sie {list}',
];

/** A buying-guide post for a leaf family: title, excerpt and an HTML body listing its key specs. */
export function guidePost(kind: Kind, lang: Lang): { title: string; excerpt: string; body: string } {
  const li = LANGS.indexOf(lang);
  const name = kind.def.name[li]!;
  const items = Object.entries(kind.def.specs)
    .filter(([, options]) => options.length > 1)
    .slice(0, 4)
    .map(([key, options]) => {
      const list = joinList(options.slice(0, 4).map((o) => localizeUnits(o, lang)), lang);
      const label = capitalize(SPEC_LABELS[key]![li]!);
      return `<li><strong>${label}</strong>${colon(lang)}${fill(GUIDE_ITEM[li]!, { list })}.</li>`;
    })
    .join('');
  return {
    title: fill(GUIDE_TITLE[li]!, { Name: name }),
    excerpt: fill(GUIDE_EXCERPT[li]!, { name: inline(name, lang) }),
    body: fill(GUIDE_BODY[li]!, { name: inline(name, lang), items }),
  };
}
