/**
 * Home banners of the demo catalogue (table home_banners): the Black Friday banner, which lives
 * while the campaign of the channel configuration runs and wears its flag; collection banners
 * always on; one that ended and one to come around the catalogue's "today"; one for a single
 * channel. Links are paths of each language without the language prefix.
 */
import { ROUTE_TABLE } from '../../client/route-table';
import { categoryByKey } from './kinds';
import { COLLECTIONS } from './merchants';
import { LANGS, slugify, type ChannelCode, type L6 } from './text';

export interface BannerDef {
  key: string;
  channel?: ChannelCode;
  campaign?: string;
  tone: 'brand' | 'accent' | 'ink' | 'ok';
  motif: 'laptop' | 'gamepad' | 'gift' | 'sparkle' | 'truck' | 'book';
  /** Days from the catalogue's "today": shown from `from` (inclusive) until `to` (exclusive); absent = open. */
  window?: { from?: number; to?: number };
  title: L6;
  text: L6;
  linkLabel: L6;
  link: (lang: number) => string;
}

const collectionPath = (key: string) => (lang: number) => `/${slugify(COLLECTIONS.find((c) => c.key === key)!.name[lang]!, LANGS[lang])}`;
const categoryPath = (key: string) => (lang: number) => `/${slugify(categoryByKey(key).name[lang]!, LANGS[lang])}`;

export const BANNERS: BannerDef[] = [
  {
    key: 'black-friday',
    campaign: 'black-friday',
    tone: 'ink',
    motif: 'laptop',
    title: ['Black Friday: los mejores precios del año', 'Black Friday: the best prices of the year', 'Black Friday : les meilleurs prix de l’année', 'Black Friday: os melhores preços do ano', 'Black Friday: i prezzi migliori dell’anno', 'Black Friday: die besten Preise des Jahres'],
    text: ['Descuentos por tiempo limitado en portátiles, móviles, TV, gaming y electrodomésticos.', 'Limited-time discounts on laptops, phones, TV, gaming and appliances.', 'Des remises à durée limitée sur les PC portables, smartphones, TV, le gaming et l’électroménager.', 'Descontos por tempo limitado em portáteis, telemóveis, TV, gaming e eletrodomésticos.', 'Sconti a tempo limitato su notebook, smartphone, TV, gaming ed elettrodomestici.', 'Zeitlich begrenzte Rabatte auf Laptops, Smartphones, TV, Gaming und Haushaltsgeräte.'],
    linkLabel: ['Ver las ofertas', 'See the deals', 'Voir les offres', 'Ver as ofertas', 'Vedi le offerte', 'Zu den Angeboten'],
    link: collectionPath('bf-laptops'),
  },
  {
    key: 'christmas',
    tone: 'ok',
    motif: 'gift',
    window: { from: 20, to: 60 },
    title: ['Regalos de Navidad para todos', 'Christmas gifts for everyone', 'Des cadeaux de Noël pour tous', 'Presentes de Natal para todos', 'Regali di Natale per tutti', 'Weihnachtsgeschenke für alle'],
    text: ['Y si dudas, una tarjeta regalo siempre acierta.', 'And if in doubt, a gift card is always right.', 'Et en cas de doute, une carte cadeau fait toujours plaisir.', 'E na dúvida, um cartão presente acerta sempre.', 'E se hai dubbi, una carta regalo è sempre la scelta giusta.', 'Und wenn Sie unsicher sind: Eine Geschenkkarte passt immer.'],
    linkLabel: ['Ver tarjetas regalo', 'See gift cards', 'Voir les cartes cadeaux', 'Ver cartões presente', 'Vedi le carte regalo', 'Geschenkkarten ansehen'],
    link: (lang) => ROUTE_TABLE.giftCards[LANGS[lang]!],
  },
  {
    key: 'installation-pt',
    channel: 'PT',
    tone: 'ok',
    motif: 'truck',
    title: ['Entrega e instalación gratis', 'Free delivery and installation', 'Livraison et installation gratuites', 'Entrega e instalação grátis', 'Consegna e installazione gratuite', 'Kostenlose Lieferung und Installation'],
    text: ['En grandes electrodomésticos vendidos por Ampora, en Portugal continental.', 'On large appliances sold by Ampora, in mainland Portugal.', 'Sur le gros électroménager vendu par Ampora, au Portugal continental.', 'Em grandes eletrodomésticos vendidos pela Ampora, em Portugal continental.', 'Sui grandi elettrodomestici venduti da Ampora, nel Portogallo continentale.', 'Für Großgeräte, die Ampora verkauft, in Festland-Portugal.'],
    linkLabel: ['Ver grandes electrodomésticos', 'See large appliances', 'Voir le gros électroménager', 'Ver grandes eletrodomésticos', 'Vedi i grandi elettrodomestici', 'Großgeräte ansehen'],
    link: categoryPath('large-appliances'),
  },
  {
    key: 'new-arrivals',
    tone: 'brand',
    motif: 'sparkle',
    title: ['Novedades que acaban de llegar', 'New arrivals, just in', 'Les nouveautés qui viennent d’arriver', 'Novidades acabadas de chegar', 'Novità appena arrivate', 'Neuheiten, frisch eingetroffen'],
    text: ['Los últimos lanzamientos de las mejores marcas.', 'The latest launches from the best brands.', 'Les derniers lancements des meilleures marques.', 'Os últimos lançamentos das melhores marcas.', 'Gli ultimi lanci dei migliori marchi.', 'Die neuesten Produkte der besten Marken.'],
    linkLabel: ['Ver novedades', 'See what’s new', 'Voir les nouveautés', 'Ver novidades', 'Vedi le novità', 'Neuheiten ansehen'],
    link: collectionPath('new-arrivals'),
  },
  {
    key: 'gaming-setup',
    tone: 'accent',
    motif: 'gamepad',
    title: ['Tu setup gaming, completo', 'Your complete gaming setup', 'Votre setup gaming complet', 'O seu setup gaming completo', 'Il tuo setup gaming completo', 'Ihr komplettes Gaming-Setup'],
    text: ['Portátiles, monitores, periféricos y sillas para jugar con ventaja.', 'Laptops, monitors, peripherals and chairs to give you the edge.', 'PC portables, écrans, périphériques et fauteuils pour prendre l’avantage.', 'Portáteis, monitores, periféricos e cadeiras para jogar com vantagem.', 'Notebook, monitor, periferiche e sedie per giocare al massimo.', 'Laptops, Monitore, Zubehör und Stühle für das perfekte Spiel.'],
    linkLabel: ['Ver la selección', 'See the selection', 'Voir la sélection', 'Ver a seleção', 'Vedi la selezione', 'Zur Auswahl'],
    link: collectionPath('gaming-setup'),
  },
  {
    key: 'back-to-school',
    tone: 'accent',
    motif: 'book',
    window: { from: -70, to: -20 },
    title: ['Vuelta al cole', 'Back to school', 'Rentrée scolaire', 'Regresso às aulas', 'Ritorno a scuola', 'Back to School'],
    text: ['Portátiles, tablets e impresoras para el nuevo curso.', 'Laptops, tablets and printers for the new school year.', 'Ordinateurs portables, tablettes et imprimantes pour la rentrée.', 'Portáteis, tablets e impressoras para o novo ano letivo.', 'Notebook, tablet e stampanti per il nuovo anno scolastico.', 'Laptops, Tablets und Drucker für das neue Schuljahr.'],
    linkLabel: ['Ver la selección', 'See the selection', 'Voir la sélection', 'Ver a seleção', 'Vedi la selezione', 'Zur Auswahl'],
    link: collectionPath('back-to-school'),
  },
];
