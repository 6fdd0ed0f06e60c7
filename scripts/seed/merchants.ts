/**
 * Who sells and where: the retailer (seller 0), marketplace shops, dropshipping vendors, the four
 * physical shops of spec §9, the curated collections (five for the Black Friday campaign) and
 * the buy-keyword landing slugs.
 */
import type { L6 } from './text';

export interface SellerDef {
  id: number;
  name: string;
  kind: 'own' | 'marketplace' | 'dropshipping';
  tier: 'standard' | 'premium';
  /** Doubled 1–10 scale, like ratings. */
  grade: number;
  evaluations: number;
  country: 'ES' | 'PT' | 'FR' | 'IT' | 'DE';
}

export const OWN_SELLER_ID = 0;

export const SELLERS: SellerDef[] = [
  { id: 0, name: 'Ampora', kind: 'own', tier: 'premium', grade: 9, evaluations: 48213, country: 'ES' },
  { id: 1, name: 'ElectroPrecio', kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 12840, country: 'ES' },
  { id: 2, name: 'Byte Outlet', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 3921, country: 'ES' },
  { id: 3, name: 'MegaChip Informática', kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 8710, country: 'ES' },
  { id: 4, name: 'Rincón del Móvil', kind: 'marketplace', tier: 'standard', grade: 7, evaluations: 1544, country: 'ES' },
  { id: 5, name: 'Loja do Gadget', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 2210, country: 'PT' },
  { id: 6, name: 'InfoLusa', kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 5312, country: 'PT' },
  { id: 7, name: "L'Atelier High-Tech", kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 7405, country: 'FR' },
  { id: 8, name: 'Pixel Boutique', kind: 'marketplace', tier: 'standard', grade: 7, evaluations: 980, country: 'FR' },
  { id: 9, name: 'Le Comptoir Numérique', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 2644, country: 'FR' },
  { id: 10, name: 'TecnoCasa Milano', kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 6120, country: 'IT' },
  { id: 11, name: 'Elettronica Bruno', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 1733, country: 'IT' },
  { id: 12, name: 'Digitalhaus Berlin', kind: 'marketplace', tier: 'premium', grade: 9, evaluations: 9821, country: 'DE' },
  { id: 13, name: 'Technikwerk', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 4410, country: 'DE' },
  { id: 14, name: 'Klangwelt Audio', kind: 'marketplace', tier: 'standard', grade: 9, evaluations: 2120, country: 'DE' },
  { id: 15, name: 'GamerZone Iberia', kind: 'marketplace', tier: 'standard', grade: 8, evaluations: 3377, country: 'ES' },
  { id: 16, name: 'ReBoot Refurb', kind: 'marketplace', tier: 'premium', grade: 8, evaluations: 6032, country: 'ES' },
  { id: 17, name: 'Foto Ottica Romano', kind: 'marketplace', tier: 'standard', grade: 9, evaluations: 1189, country: 'IT' },
  { id: 18, name: 'Casa & Clima Express', kind: 'marketplace', tier: 'standard', grade: 6, evaluations: 742, country: 'ES' },
  { id: 19, name: 'DirectParts Europe', kind: 'dropshipping', tier: 'standard', grade: 8, evaluations: 2904, country: 'DE' },
  { id: 20, name: 'EuroDrop Electronics', kind: 'dropshipping', tier: 'standard', grade: 7, evaluations: 1418, country: 'IT' },
  { id: 21, name: 'HomeGoods Direct', kind: 'dropshipping', tier: 'standard', grade: 7, evaluations: 866, country: 'PT' },
  { id: 22, name: 'GlobalSupply Tech', kind: 'dropshipping', tier: 'standard', grade: 8, evaluations: 3150, country: 'ES' },
];

export const MARKETPLACE_SELLERS = SELLERS.filter((s) => s.kind === 'marketplace');
export const DROPSHIP_SELLERS = SELLERS.filter((s) => s.kind === 'dropshipping');

export interface ShopDef {
  id: number;
  name: string;
  slug: string;
  address: string;
  city: string;
  postalCode: string;
  /** Spanish province id (= its INE code, see geo.ts). */
  provinceId: number;
  phone: string;
  openingHours: string[];
  latitude: number;
  longitude: number;
  /** Share of the stocked articles this shop carries. */
  coverage: number;
}

/** The physical shops with the ids of spec §9. Opening hours use the OpenStreetMap syntax. */
export const SHOPS: ShopDef[] = [
  {
    id: 30, name: 'Ampora Madrid', slug: 'madrid', address: 'Calle de Fuencarral 45', city: 'Madrid', postalCode: '28004', provinceId: 28,
    phone: '+34 910 482 130', openingHours: ['Mo-Sa 10:00-21:30', 'Su 11:00-20:00'], latitude: 40.425_08, longitude: -3.701_85, coverage: 0.85,
  },
  {
    id: 1, name: 'Ampora Murcia', slug: 'murcia', address: 'Avenida de la Libertad 6', city: 'Murcia', postalCode: '30009', provinceId: 30,
    phone: '+34 968 204 511', openingHours: ['Mo-Fr 09:30-14:00,17:00-21:00', 'Sa 10:00-14:00'], latitude: 37.992_24, longitude: -1.130_65, coverage: 0.7,
  },
  {
    id: 71, name: 'Ampora Barcelona', slug: 'barcelona', address: 'Carrer de Pujades 120', city: 'Barcelona', postalCode: '08005', provinceId: 8,
    phone: '+34 932 716 840', openingHours: ['Mo-Sa 10:00-21:00'], latitude: 41.400_93, longitude: 2.197_74, coverage: 0.55,
  },
  {
    id: 80, name: 'Ampora Murcia Thader', slug: 'murcia-thader', address: 'Centro Comercial Thader, Avenida Juan de Borbón s/n', city: 'Churra (Murcia)', postalCode: '30110', provinceId: 30,
    phone: '+34 968 307 722', openingHours: ['Mo-Sa 10:00-22:00', 'Su 11:00-21:00'], latitude: 38.024_41, longitude: -1.137_02, coverage: 0.45,
  },
];

export interface CollectionDef {
  key: string;
  featured: boolean;
  campaign: string | null;
  /** Category whose subtree feeds a Black Friday collection. */
  category?: string;
  /** Upper bound on members for the curated (non-campaign) collections. */
  cap?: number;
  name: L6;
  description: L6;
}

const BF_TEXT: L6 = [
  'Descuentos de Black Friday por tiempo limitado en una selección de productos. Las unidades son limitadas, así que no lo dejes para el último momento.',
  "Limited-time Black Friday discounts on a hand-picked selection of products. Stock is limited, so don't leave it to the last minute.",
  'Des remises Black Friday à durée limitée sur une sélection de produits. Les quantités sont limitées : ne tardez pas !',
  'Descontos Black Friday por tempo limitado numa seleção de produtos. As unidades são limitadas, por isso não deixe para a última hora.',
  "Sconti del Black Friday a tempo limitato su una selezione di prodotti. Le scorte sono limitate: non aspettare l'ultimo momento.",
  'Zeitlich begrenzte Black-Friday-Rabatte auf ausgewählte Produkte. Die Stückzahlen sind begrenzt, also warten Sie nicht bis zur letzten Minute.',
];

const bf = (key: string, category: string, name: L6, featured = false): CollectionDef => ({ key, featured, campaign: 'black-friday', category, name, description: BF_TEXT });

export const COLLECTIONS: CollectionDef[] = [
  bf('bf-laptops', 'laptops', ['Black Friday en portátiles', 'Black Friday laptop deals', 'Black Friday : ordinateurs portables', 'Black Friday em portáteis', 'Black Friday: notebook', 'Black Friday: Laptops'], true),
  bf('bf-phones', 'phones', ['Black Friday en smartphones', 'Black Friday phone deals', 'Black Friday : smartphones', 'Black Friday em telemóveis', 'Black Friday: smartphone', 'Black Friday: Smartphones']),
  bf('bf-tv-sound', 'tv-sound', ['Black Friday en TV y sonido', 'Black Friday TV & audio deals', 'Black Friday : TV et son', 'Black Friday em TV e som', 'Black Friday: TV e audio', 'Black Friday: TV & Audio']),
  bf('bf-gaming', 'gaming', ['Black Friday gaming', 'Black Friday gaming deals', 'Black Friday : gaming', 'Black Friday gaming', 'Black Friday: gaming', 'Black Friday: Gaming']),
  bf('bf-appliances', 'appliances', ['Black Friday en electrodomésticos', 'Black Friday appliance deals', 'Black Friday : électroménager', 'Black Friday em eletrodomésticos', 'Black Friday: elettrodomestici', 'Black Friday: Haushaltsgeräte']),
  {
    key: 'new-arrivals', featured: true, campaign: null, cap: 48,
    name: ['Novedades', 'New arrivals', 'Nouveautés', 'Novidades', 'Novità', 'Neuheiten'],
    description: ['Los últimos lanzamientos que acaban de llegar a nuestro catálogo.', 'The latest launches, just arrived in our catalogue.', 'Les derniers lancements, tout juste arrivés dans notre catalogue.', 'Os últimos lançamentos acabados de chegar ao nosso catálogo.', 'Gli ultimi lanci appena arrivati nel nostro catalogo.', 'Die neuesten Produkte, frisch in unserem Sortiment eingetroffen.'],
  },
  {
    key: 'best-sellers', featured: true, campaign: null, cap: 48,
    name: ['Los más vendidos', 'Best sellers', 'Meilleures ventes', 'Os mais vendidos', 'I più venduti', 'Bestseller'],
    description: ['Los productos favoritos de nuestros clientes, con las mejores valoraciones.', "Our customers' favourites, with the best ratings.", 'Les produits préférés de nos clients, avec les meilleures notes.', 'Os produtos preferidos dos nossos clientes, com as melhores avaliações.', 'I prodotti preferiti dai nostri clienti, con le migliori valutazioni.', 'Die Lieblingsprodukte unserer Kundschaft mit den besten Bewertungen.'],
  },
  {
    key: 'refurbished', featured: false, campaign: null, cap: 60,
    name: ['Reacondicionados con garantía', 'Refurbished with warranty', 'Reconditionnés garantis', 'Recondicionados com garantia', 'Ricondizionati con garanzia', 'Refurbished mit Garantie'],
    description: ['Tecnología revisada por nuestros técnicos, a un precio más bajo y con garantía.', 'Tech checked by our technicians, at a lower price and with a warranty.', 'Des produits contrôlés par nos techniciens, moins chers et garantis.', 'Tecnologia verificada pelos nossos técnicos, a um preço mais baixo e com garantia.', 'Tecnologia controllata dai nostri tecnici, a un prezzo più basso e con garanzia.', 'Von unseren Technikern geprüfte Technik zum kleineren Preis und mit Garantie.'],
  },
  {
    key: 'back-to-school', featured: false, campaign: null, cap: 48,
    name: ['Vuelta al cole', 'Back to school', 'Rentrée scolaire', 'Regresso às aulas', 'Ritorno a scuola', 'Back to School'],
    description: ['Todo lo necesario para empezar el curso: portátiles, tablets, impresoras y auriculares.', 'Everything you need for the new school year: laptops, tablets, printers and headphones.', 'Tout le nécessaire pour la rentrée : ordinateurs portables, tablettes, imprimantes et casques.', 'Tudo o que precisa para o novo ano letivo: portáteis, tablets, impressoras e auscultadores.', 'Tutto il necessario per il nuovo anno scolastico: notebook, tablet, stampanti e cuffie.', 'Alles für das neue Schuljahr: Laptops, Tablets, Drucker und Kopfhörer.'],
  },
  {
    key: 'gaming-setup', featured: true, campaign: null, cap: 48,
    name: ['Tu setup gaming', 'Your gaming setup', 'Votre setup gaming', 'O seu setup gaming', 'Il tuo setup gaming', 'Ihr Gaming-Setup'],
    description: ['Portátiles, monitores, periféricos y sillas para jugar con ventaja.', 'Laptops, monitors, peripherals and chairs to give you the edge.', 'PC portables, écrans, périphériques et fauteuils pour jouer dans les meilleures conditions.', 'Portáteis, monitores, periféricos e cadeiras para jogar com vantagem.', 'Notebook, monitor, periferiche e sedie per giocare al massimo.', 'Laptops, Monitore, Zubehör und Stühle für das perfekte Spielerlebnis.'],
  },
];

/** Landing pages under /comprar/{keyword} (/buy/{keyword}): slug per language → category key. */
export const BUY_KEYWORDS: { category: string; slugs: L6 }[] = [
  { category: 'everyday-laptop', slugs: ['portatil-barato', 'cheap-laptop', 'pc-portable-pas-cher', 'portatil-barato', 'notebook-economico', 'laptop-guenstig'] },
  { category: 'smartphone', slugs: ['movil-5g', '5g-phone', 'smartphone-5g', 'telemovel-5g', 'smartphone-5g', '5g-handy'] },
  { category: 'tv', slugs: ['television-oled', 'oled-tv', 'tv-oled', 'televisao-oled', 'tv-oled', 'oled-fernseher'] },
  { category: 'ssd', slugs: ['ssd-nvme', 'nvme-ssd', 'ssd-nvme', 'ssd-nvme', 'ssd-nvme', 'nvme-ssd'] },
  { category: 'air-fryer', slugs: ['freidora-sin-aceite', 'best-air-fryer', 'friteuse-sans-huile-pas-chere', 'air-fryer-barata', 'friggitrice-ad-aria-economica', 'heissluftfritteuse-guenstig'] },
];
