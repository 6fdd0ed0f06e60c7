/**
 * Services sold with articles: extended insurance plans by price band (2 and 3 more years) for
 * electronics and appliances, and a few extra services per category, with names in six languages.
 * The PC assembly service (offered with components) is the one OEM articles need (spec §8 1145).
 */
import { ASSEMBLY_SERVICE_ID } from '../../worker/domain/checkout/sale-restrictions';
import { LANGS, type L6 } from './text';
import { subtreeIds } from './kinds';

const byLang = (texts: L6) => JSON.stringify(Object.fromEntries(LANGS.map((lang, i) => [lang, texts[i]])));

const INSURED_ROOTS = ['computers', 'components', 'phones', 'tv-sound', 'gaming', 'appliances', 'photo', 'networking'];

/** Bands of article price (cents, inclusive) and the plan prices for 2 and 3 extra years. */
const BANDS: [min: number, max: number, twoYears: number, threeYears: number][] = [
  [5_000, 14_999, 1_499, 2_299],
  [15_000, 39_999, 2_999, 4_499],
  [40_000, 79_999, 5_999, 8_999],
  [80_000, 149_999, 9_999, 14_999],
  [150_000, 100_000_000, 16_999, 24_999],
];

const NAMES: Record<2 | 3, L6> = {
  2: ['Garantía ampliada 2 años', 'Extended warranty, 2 years', 'Extension de garantie 2 ans', 'Garantia estendida 2 anos', 'Estensione di garanzia 2 anni', 'Garantieverlängerung 2 Jahre'],
  3: ['Garantía ampliada 3 años', 'Extended warranty, 3 years', 'Extension de garantie 3 ans', 'Garantia estendida 3 anos', 'Estensione di garanzia 3 anni', 'Garantieverlängerung 3 Jahre'],
};

const TEXTS: Record<2 | 3, L6> = {
  2: [
    'Cubre averías durante 2 años más después de la garantía legal, con recogida y reparación sin coste.',
    'Covers breakdowns for 2 more years after the legal guarantee, with free collection and repair.',
    'Couvre les pannes 2 ans de plus après la garantie légale, avec enlèvement et réparation gratuits.',
    'Cobre avarias durante mais 2 anos após a garantia legal, com recolha e reparação gratuitas.',
    'Copre i guasti per altri 2 anni dopo la garanzia legale, con ritiro e riparazione gratuiti.',
    'Deckt Defekte 2 weitere Jahre nach der gesetzlichen Gewährleistung ab, mit kostenloser Abholung und Reparatur.',
  ],
  3: [
    'Cubre averías durante 3 años más después de la garantía legal, con recogida y reparación sin coste.',
    'Covers breakdowns for 3 more years after the legal guarantee, with free collection and repair.',
    'Couvre les pannes 3 ans de plus après la garantie légale, avec enlèvement et réparation gratuits.',
    'Cobre avarias durante mais 3 anos após a garantia legal, com recolha e reparação gratuitas.',
    'Copre i guasti per altri 3 anni dopo la garanzia legale, con ritiro e riparazione gratuiti.',
    'Deckt Defekte 3 weitere Jahre nach der gesetzlichen Gewährleistung ab, mit kostenloser Abholung und Reparatur.',
  ],
};

const SERVICES: { id: number; price: number; marketplace: boolean; roots: string[]; name: L6; description: L6 }[] = [
  {
    id: 1,
    price: 2_999,
    marketplace: false,
    roots: ['computers'],
    name: ['Puesta en marcha del ordenador', 'Computer set-up', 'Mise en service de l’ordinateur', 'Configuração do computador', 'Configurazione del computer', 'Einrichtung des Computers'],
    description: [
      'Instalamos las actualizaciones, tus programas y tus cuentas antes de enviártelo.',
      'We install the updates, your programs and your accounts before we ship it.',
      'Nous installons les mises à jour, vos logiciels et vos comptes avant l’envoi.',
      'Instalamos as atualizações, os seus programas e as suas contas antes do envio.',
      'Installiamo gli aggiornamenti, i tuoi programmi e i tuoi account prima della spedizione.',
      'Wir installieren Updates, Ihre Programme und Konten vor dem Versand.',
    ],
  },
  {
    id: 2,
    price: 1_999,
    marketplace: true,
    roots: ['computers', 'phones'],
    name: ['Traspaso de datos', 'Data transfer', 'Transfert de données', 'Transferência de dados', 'Trasferimento dati', 'Datenübertragung'],
    description: [
      'Pasamos tus fotos, contactos y documentos desde tu equipo anterior.',
      'We move your photos, contacts and documents from your old device.',
      'Nous transférons vos photos, contacts et documents depuis votre ancien appareil.',
      'Passamos as suas fotos, contactos e documentos do seu equipamento anterior.',
      'Trasferiamo foto, contatti e documenti dal tuo vecchio dispositivo.',
      'Wir übertragen Fotos, Kontakte und Dokumente von Ihrem alten Gerät.',
    ],
  },
  {
    id: 3,
    price: 4_999,
    marketplace: false,
    roots: ['tv-sound'],
    name: ['Instalación en pared', 'Wall mounting', 'Fixation murale', 'Instalação na parede', 'Installazione a parete', 'Wandmontage'],
    description: [
      'Un técnico cuelga la televisión en la pared y la deja sintonizada.',
      'A technician hangs the TV on the wall and tunes it in.',
      'Un technicien fixe le téléviseur au mur et le règle.',
      'Um técnico fixa a televisão na parede e deixa-a sintonizada.',
      'Un tecnico fissa il televisore alla parete e lo sintonizza.',
      'Ein Techniker montiert den Fernseher an der Wand und stellt die Sender ein.',
    ],
  },
  {
    id: ASSEMBLY_SERVICE_ID,
    price: 4_999,
    marketplace: false,
    roots: ['components'],
    name: ['Montaje del PC', 'PC assembly', 'Montage du PC', 'Montagem do PC', 'Assemblaggio del PC', 'PC-Montage'],
    description: [
      'Montamos los componentes de tu cesta en un PC, lo probamos y te lo enviamos listo para usar.',
      'We assemble the components in your basket into a PC, test it and ship it ready to use.',
      'Nous assemblons les composants de votre panier en un PC, le testons et vous l’envoyons prêt à l’emploi.',
      'Montamos os componentes do seu cesto num PC, testamo-lo e enviamo-lo pronto a usar.',
      'Assembliamo i componenti del tuo carrello in un PC, lo collaudiamo e te lo spediamo pronto all’uso.',
      'Wir bauen die Komponenten aus Ihrem Warenkorb zu einem PC zusammen, testen ihn und liefern ihn einsatzbereit.',
    ],
  },
];

/** Home installation: where our technicians go (Spanish province codes) and what it costs there. */
const INSTALLATION_PRICES: Record<string, number> = Object.fromEntries([
  ...['28', '30', '08', '03', '46', '29', '41'].map((code) => [code, 3_999] as const),
  ...['45', '19', '40', '05', '02', '13', '16', '18', '04', '14', '23', '11', '21', '06', '10', '43', '17', '25', '12', '44', '50', '22', '31', '26', '01', '20', '48', '39', '33', '24', '34', '09', '42', '47', '49', '37', '15', '27', '32', '36'].map((code) => [code, 5_499] as const),
]);

const INSTALLATIONS: { id: number; roots: string[]; name: L6; summary: L6 }[] = [
  {
    id: 1,
    roots: ['large-appliances'],
    name: ['Instalación a domicilio', 'Installation at home', 'Installation à domicile', 'Instalação ao domicílio', 'Installazione a domicilio', 'Installation bei Ihnen zu Hause'],
    summary: [
      'Un técnico lo conecta, comprueba que funciona y se lleva el embalaje.',
      'A technician connects it, checks that it works and takes the packaging away.',
      'Un technicien le branche, vérifie qu’il fonctionne et emporte l’emballage.',
      'Um técnico liga-o, verifica que funciona e leva a embalagem.',
      'Un tecnico lo collega, verifica che funzioni e porta via l’imballaggio.',
      'Ein Techniker schließt es an, prüft die Funktion und nimmt die Verpackung mit.',
    ],
  },
];

export function serviceTables() {
  const insured = JSON.stringify([...new Set(INSURED_ROOTS.flatMap((key) => [...subtreeIds(key)]))].sort((a, b) => a - b));
  const insurances = BANDS.flatMap(([min, max, two, three], band) =>
    ([2, 3] as const).map((years) => ({
      id: band * 2 + (years - 1),
      years,
      article_price_min: min,
      article_price_max: max,
      price: years === 2 ? two : three,
      category_ids: insured,
      names: byLang(NAMES[years]),
      texts: byLang(TEXTS[years]),
    })),
  );
  const services = SERVICES.map((s) => ({
    id: s.id,
    price: s.price,
    allow_in_marketplace: s.marketplace ? 1 : 0,
    category_ids: JSON.stringify([...new Set(s.roots.flatMap((key) => [...subtreeIds(key)]))].sort((a, b) => a - b)),
    names: byLang(s.name),
    descriptions: byLang(s.description),
  }));
  const installations = INSTALLATIONS.map((i) => ({
    id: i.id,
    category_ids: JSON.stringify([...new Set(i.roots.flatMap((key) => [...subtreeIds(key)]))].sort((a, b) => a - b)),
    country_iso: 'ES',
    province_prices: JSON.stringify(INSTALLATION_PRICES),
    names: byLang(i.name),
    summaries: byLang(i.summary),
  }));
  return { insurances, services, installations };
}
