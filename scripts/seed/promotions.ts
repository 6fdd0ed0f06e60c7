/**
 * Category promotions of the demo catalogue: banners with a link, some always on, some inside
 * a validity window around the catalogue's "today" (one live, one over, one to come), one for a
 * single channel. Links are paths of each language without the language prefix.
 */
import { ROUTE_TABLE } from '../../client/route-table';
import { PRESETS } from './configurator';
import { categoryByKey } from './kinds';
import { COLLECTIONS } from './merchants';
import { LANGS, slugify, type ChannelCode, type L6 } from './text';

export interface PromotionDef {
  category: string;
  channel?: ChannelCode;
  /** Days from the catalogue's "today": shown from `from` (inclusive) until `to` (exclusive); absent = open. */
  window?: { from?: number; to?: number };
  title: L6;
  text: L6;
  linkLabel: L6;
  /** The link's path in a language (index into LANGS). */
  link: (lang: number) => string;
}

const categoryPath = (key: string) => (lang: number) => `/${slugify(categoryByKey(key).name[lang]!, LANGS[lang])}`;
const collectionPath = (key: string) => (lang: number) => `/${slugify(COLLECTIONS.find((c) => c.key === key)!.name[lang]!, LANGS[lang])}`;
const presetPath = (key: string) => (lang: number) => `/${PRESETS.find((p) => p.key === key)!.slug[lang]}`;

export const PROMOTIONS: PromotionDef[] = [
  {
    category: 'components',
    title: ['Monta tu PC con nuestras configuraciones', 'Build your PC from our ready-made configurations', 'Montez votre PC avec nos configurations', 'Monte o seu PC com as nossas configurações', 'Assembla il tuo PC con le nostre configurazioni', 'Stellen Sie Ihren PC mit unseren Konfigurationen zusammen'],
    text: ['Componentes compatibles elegidos por nuestros técnicos, con el precio total al día.', 'Compatible parts chosen by our technicians, with an up-to-date total price.', 'Des composants compatibles choisis par nos techniciens, avec le prix total à jour.', 'Componentes compatíveis escolhidos pelos nossos técnicos, com o preço total atualizado.', 'Componenti compatibili scelti dai nostri tecnici, con il prezzo totale aggiornato.', 'Kompatible Komponenten, ausgewählt von unseren Technikern, mit aktuellem Gesamtpreis.'],
    linkLabel: ['Ver la configuración gaming', 'See the gaming build', 'Voir la configuration gamer', 'Ver a configuração gaming', 'Vedi la configurazione gaming', 'Gaming-Konfiguration ansehen'],
    link: presetPath('gaming'),
  },
  {
    category: 'gpu',
    title: ['¿Tarjeta nueva? Revisa tu fuente', 'New graphics card? Check your power supply', 'Nouvelle carte graphique ? Vérifiez votre alimentation', 'Placa nova? Verifique a sua fonte', 'Nuova scheda video? Controlla l’alimentatore', 'Neue Grafikkarte? Prüfen Sie Ihr Netzteil'],
    text: ['Las gráficas actuales piden 750 W o más: elige una fuente con certificación 80 PLUS.', 'Current graphics cards want 750 W or more: pick an 80 PLUS certified power supply.', 'Les cartes graphiques actuelles demandent 750 W ou plus : choisissez une alimentation certifiée 80 PLUS.', 'As placas gráficas atuais pedem 750 W ou mais: escolha uma fonte com certificação 80 PLUS.', 'Le schede video attuali chiedono 750 W o più: scegli un alimentatore certificato 80 PLUS.', 'Aktuelle Grafikkarten brauchen 750 W oder mehr: Wählen Sie ein 80-PLUS-zertifiziertes Netzteil.'],
    linkLabel: ['Ver fuentes de alimentación', 'See power supplies', 'Voir les alimentations', 'Ver fontes de alimentação', 'Vedi gli alimentatori', 'Netzteile ansehen'],
    link: categoryPath('psu'),
  },
  {
    category: 'laptops',
    window: { from: -10, to: 20 },
    title: ['Ofertas para estudiantes', 'Student offers', 'Offres étudiants', 'Ofertas para estudantes', 'Offerte per studenti', 'Angebote für Studierende'],
    text: ['Portátiles, tablets e impresoras para el curso, por tiempo limitado.', 'Laptops, tablets and printers for your studies, for a limited time.', 'Ordinateurs portables, tablettes et imprimantes pour vos études, pour une durée limitée.', 'Portáteis, tablets e impressoras para os estudos, por tempo limitado.', 'Notebook, tablet e stampanti per lo studio, per un periodo limitato.', 'Laptops, Tablets und Drucker fürs Studium, nur für kurze Zeit.'],
    linkLabel: ['Ver la selección', 'See the selection', 'Voir la sélection', 'Ver a seleção', 'Vedi la selezione', 'Zur Auswahl'],
    link: collectionPath('back-to-school'),
  },
  {
    category: 'phones',
    window: { from: -90, to: -30 },
    title: ['Rebajas de verano en móviles', 'Summer sale on phones', 'Soldes d’été sur les smartphones', 'Saldos de verão em telemóveis', 'Saldi estivi sugli smartphone', 'Sommerschlussverkauf bei Smartphones'],
    text: ['Hasta un 30 % de descuento en una selección de smartphones.', 'Up to 30% off a selection of smartphones.', 'Jusqu’à 30 % de remise sur une sélection de smartphones.', 'Até 30 % de desconto numa seleção de smartphones.', 'Fino al 30% di sconto su una selezione di smartphone.', 'Bis zu 30 % Rabatt auf ausgewählte Smartphones.'],
    linkLabel: ['Ver smartphones', 'See smartphones', 'Voir les smartphones', 'Ver smartphones', 'Vedi gli smartphone', 'Smartphones ansehen'],
    link: categoryPath('smartphone'),
  },
  {
    category: 'tv-sound',
    window: { from: 20, to: 60 },
    title: ['Regala tecnología esta Navidad', 'Give technology this Christmas', 'Offrez de la technologie à Noël', 'Ofereça tecnologia neste Natal', 'Regala tecnologia a Natale', 'Technik zu Weihnachten verschenken'],
    text: ['Y si no sabes qué elegir, una tarjeta regalo siempre acierta.', 'And if you cannot decide, a gift card is always right.', 'Et si vous hésitez, une carte cadeau fait toujours plaisir.', 'E se não sabe o que escolher, um cartão presente acerta sempre.', 'E se non sai cosa scegliere, una carta regalo è sempre la scelta giusta.', 'Und wenn Sie unsicher sind: Eine Geschenkkarte passt immer.'],
    linkLabel: ['Ver tarjetas regalo', 'See gift cards', 'Voir les cartes cadeaux', 'Ver cartões presente', 'Vedi le carte regalo', 'Geschenkkarten ansehen'],
    link: (lang) => ROUTE_TABLE.giftCards[LANGS[lang]!],
  },
  {
    category: 'large-appliances',
    channel: 'PT',
    title: ['Entrega e instalación gratis en Portugal continental', 'Free delivery and installation in mainland Portugal', 'Livraison et installation gratuites au Portugal continental', 'Entrega e instalação grátis em Portugal continental', 'Consegna e installazione gratuite nel Portogallo continentale', 'Kostenlose Lieferung und Installation in Festland-Portugal'],
    text: ['En frigoríficos, lavadoras y lavavajillas vendidos por Ampora.', 'On fridges, washing machines and dishwashers sold by Ampora.', 'Sur les réfrigérateurs, lave-linge et lave-vaisselle vendus par Ampora.', 'Em frigoríficos, máquinas de lavar roupa e loiça vendidos pela Ampora.', 'Su frigoriferi, lavatrici e lavastoviglie venduti da Ampora.', 'Für Kühlschränke, Waschmaschinen und Geschirrspüler, die Ampora verkauft.'],
    linkLabel: ['Ver grandes electrodomésticos', 'See large appliances', 'Voir le gros électroménager', 'Ver grandes eletrodomésticos', 'Vedi i grandi elettrodomestici', 'Großgeräte ansehen'],
    link: categoryPath('large-appliances'),
  },
];
