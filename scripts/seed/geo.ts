/**
 * Countries and their provinces (provinces, districts, départements, regions, Länder, parishes)
 * with postal-code prefixes. Province ids are unique across countries: Spain uses its INE codes
 * (Madrid 28, Murcia 30, Barcelona 8), then 101+ Portugal, 201+ France, 301+ Italy, 401+ Germany,
 * 501+ Andorra.
 */
import type { L6 } from './text';

export interface CountryDef {
  id: number;
  iso: string;
  phonePrefix: string;
  name: L6;
}

export const COUNTRIES: CountryDef[] = [
  { id: 1, iso: 'ES', phonePrefix: '+34', name: ['España', 'Spain', 'Espagne', 'Espanha', 'Spagna', 'Spanien'] },
  { id: 2, iso: 'PT', phonePrefix: '+351', name: ['Portugal', 'Portugal', 'Portugal', 'Portugal', 'Portogallo', 'Portugal'] },
  { id: 3, iso: 'FR', phonePrefix: '+33', name: ['Francia', 'France', 'France', 'França', 'Francia', 'Frankreich'] },
  { id: 4, iso: 'IT', phonePrefix: '+39', name: ['Italia', 'Italy', 'Italie', 'Itália', 'Italia', 'Italien'] },
  { id: 5, iso: 'DE', phonePrefix: '+49', name: ['Alemania', 'Germany', 'Allemagne', 'Alemanha', 'Germania', 'Deutschland'] },
  { id: 6, iso: 'AD', phonePrefix: '+376', name: ['Andorra', 'Andorra', 'Andorre', 'Andorra', 'Andorra', 'Andorra'] },
];

export interface ProvinceDef {
  id: number;
  countryId: number;
  code: string;
  name: string;
  postalPrefixes: string;
  customsZone: string | null;
}

/** Spain: code = INE code = first two digits of the postal code. */
const SPAIN =
  'Araba/Álava|Albacete|Alicante|Almería|Ávila|Badajoz|Illes Balears|Barcelona|Burgos|Cáceres|Cádiz|Castellón|Ciudad Real|Córdoba|A Coruña|Cuenca|Girona|Granada|Guadalajara|Gipuzkoa|Huelva|Huesca|Jaén|León|Lleida|La Rioja|Lugo|Madrid|Málaga|Murcia|Navarra|Ourense|Asturias|Palencia|Las Palmas|Pontevedra|Salamanca|Santa Cruz de Tenerife|Cantabria|Segovia|Sevilla|Soria|Tarragona|Teruel|Toledo|Valencia|Valladolid|Bizkaia|Zamora|Zaragoza|Ceuta|Melilla';

const SPAIN_CUSTOMS: Record<string, string> = { '35': 'canarias', '38': 'canarias', '51': 'ceuta', '52': 'melilla' };

/**
 * Portugal: 18 districts plus the autonomous regions. CP4 codes do not follow district borders
 * exactly, so each two-digit prefix is given to the district holding most of it (an
 * approximation: e.g. 45xx is split between Aveiro and Porto, 51xx between Viseu, Vila Real,
 * Bragança and Guarda). Madeira is 90–94 (94 is Porto Santo) and the Azores 95–99.
 */
const PORTUGAL: [string, string, string][] = [
  ['01', 'Aveiro', '37,38'], ['02', 'Beja', '76,77,78,79'], ['03', 'Braga', '47,48'], ['04', 'Bragança', '52,53'],
  ['05', 'Castelo Branco', '60,61,62'], ['06', 'Coimbra', '30,31,32,33'], ['07', 'Évora', '70,71,72'], ['08', 'Faro', '80,81,82,83,84,85,86,87,88,89'],
  ['09', 'Guarda', '63,64,65'], ['10', 'Leiria', '24,25'], ['11', 'Lisboa', '10,11,12,13,14,15,16,17,18,19,26,27'], ['12', 'Portalegre', '73,74'],
  ['13', 'Porto', '40,41,42,43,44,45,46'], ['14', 'Santarém', '20,21,22,23'], ['15', 'Setúbal', '28,29,75'], ['16', 'Viana do Castelo', '49'],
  ['17', 'Vila Real', '50,54'], ['18', 'Viseu', '34,35,36,51'], ['20', 'Região Autónoma dos Açores', '95,96,97,98,99'], ['30', 'Região Autónoma da Madeira', '90,91,92,93,94'],
];

/** Metropolitan France: the code is the postal prefix, except Corsica (2A/2B → 20). */
const FRANCE =
  '01 Ain|02 Aisne|03 Allier|04 Alpes-de-Haute-Provence|05 Hautes-Alpes|06 Alpes-Maritimes|07 Ardèche|08 Ardennes|09 Ariège|10 Aube|11 Aude|12 Aveyron|13 Bouches-du-Rhône|14 Calvados|15 Cantal|16 Charente|17 Charente-Maritime|18 Cher|19 Corrèze|2A Corse-du-Sud|2B Haute-Corse|21 Côte-d\'Or|22 Côtes-d\'Armor|23 Creuse|24 Dordogne|25 Doubs|26 Drôme|27 Eure|28 Eure-et-Loir|29 Finistère|30 Gard|31 Haute-Garonne|32 Gers|33 Gironde|34 Hérault|35 Ille-et-Vilaine|36 Indre|37 Indre-et-Loire|38 Isère|39 Jura|40 Landes|41 Loir-et-Cher|42 Loire|43 Haute-Loire|44 Loire-Atlantique|45 Loiret|46 Lot|47 Lot-et-Garonne|48 Lozère|49 Maine-et-Loire|50 Manche|51 Marne|52 Haute-Marne|53 Mayenne|54 Meurthe-et-Moselle|55 Meuse|56 Morbihan|57 Moselle|58 Nièvre|59 Nord|60 Oise|61 Orne|62 Pas-de-Calais|63 Puy-de-Dôme|64 Pyrénées-Atlantiques|65 Hautes-Pyrénées|66 Pyrénées-Orientales|67 Bas-Rhin|68 Haut-Rhin|69 Rhône|70 Haute-Saône|71 Saône-et-Loire|72 Sarthe|73 Savoie|74 Haute-Savoie|75 Paris|76 Seine-Maritime|77 Seine-et-Marne|78 Yvelines|79 Deux-Sèvres|80 Somme|81 Tarn|82 Tarn-et-Garonne|83 Var|84 Vaucluse|85 Vendée|86 Vienne|87 Haute-Vienne|88 Vosges|89 Yonne|90 Territoire de Belfort|91 Essonne|92 Hauts-de-Seine|93 Seine-Saint-Denis|94 Val-de-Marne|95 Val-d\'Oise';

/**
 * Italy: the 20 regions (ISO 3166-2:IT codes) with the two-digit CAP prefixes of their
 * provinces. San Marino (4789x) and the Vatican (00120) are left out.
 */
const ITALY: [string, string, string][] = [
  ['21', 'Piemonte', '10,12,13,14,15,28'], ['23', "Valle d'Aosta", '11'], ['25', 'Lombardia', '20,21,22,23,24,25,26,27,46'],
  ['32', 'Trentino-Alto Adige', '38,39'], ['34', 'Veneto', '30,31,32,35,36,37,45'], ['36', 'Friuli-Venezia Giulia', '33,34'],
  ['42', 'Liguria', '16,17,18,19'], ['45', 'Emilia-Romagna', '29,40,41,42,43,44,47,48'], ['52', 'Toscana', '50,51,52,53,54,55,56,57,58,59'],
  ['55', 'Umbria', '05,06'], ['57', 'Marche', '60,61,62,63'], ['62', 'Lazio', '00,01,02,03,04'],
  ['65', 'Abruzzo', '64,65,66,67'], ['67', 'Molise', '86'], ['72', 'Campania', '80,81,82,83,84'],
  ['75', 'Puglia', '70,71,72,73,74,76'], ['77', 'Basilicata', '75,85'], ['78', 'Calabria', '87,88,89'],
  ['82', 'Sicilia', '90,91,92,93,94,95,96,97,98'], ['88', 'Sardegna', '07,08,09'],
];

/**
 * Germany: the 16 Länder. German postcode zones cross state borders, so prefixes are given only
 * where whole two-digit zones belong to one Land (the city states and the core of Bavaria);
 * the others are left '' and must be resolved by other means.
 */
const GERMANY: [string, string, string][] = [
  ['BW', 'Baden-Württemberg', ''], ['BY', 'Bayern', '80,81,82,83,84,85,90,91,92,93,94'], ['BE', 'Berlin', '10,12,13'],
  ['BB', 'Brandenburg', ''], ['HB', 'Bremen', '28'], ['HH', 'Hamburg', '20,22'], ['HE', 'Hessen', ''],
  ['MV', 'Mecklenburg-Vorpommern', ''], ['NI', 'Niedersachsen', ''], ['NW', 'Nordrhein-Westfalen', ''],
  ['RP', 'Rheinland-Pfalz', ''], ['SL', 'Saarland', ''], ['SN', 'Sachsen', ''], ['ST', 'Sachsen-Anhalt', ''],
  ['SH', 'Schleswig-Holstein', ''], ['TH', 'Thüringen', ''],
];

/** Andorra: the seven parishes (ISO 3166-2:AD codes) with their AD postcodes. */
const ANDORRA: [string, string, string][] = [
  ['02', 'Canillo', 'AD100'], ['03', 'Encamp', 'AD200'], ['04', 'La Massana', 'AD400'], ['05', 'Ordino', 'AD300'],
  ['06', 'Sant Julià de Lòria', 'AD600'], ['07', 'Andorra la Vella', 'AD500'], ['08', 'Escaldes-Engordany', 'AD700'],
];

function fromTuples(countryId: number, firstId: number, rows: [string, string, string][]): ProvinceDef[] {
  return rows.map(([code, name, postalPrefixes], i) => ({ id: firstId + i, countryId, code, name, postalPrefixes, customsZone: null }));
}

export const PROVINCES: ProvinceDef[] = [
  ...SPAIN.split('|').map((name, i) => {
    const code = String(i + 1).padStart(2, '0');
    return { id: i + 1, countryId: 1, code, name, postalPrefixes: code, customsZone: SPAIN_CUSTOMS[code] ?? null };
  }),
  ...fromTuples(2, 101, PORTUGAL),
  ...FRANCE.split('|').map((entry, i) => {
    const code = entry.slice(0, 2);
    return { id: 201 + i, countryId: 3, code, name: entry.slice(3), postalPrefixes: code.startsWith('2') && /[AB]/.test(code) ? '20' : code, customsZone: null };
  }),
  ...fromTuples(4, 301, ITALY),
  ...fromTuples(5, 401, GERMANY),
  ...fromTuples(6, 501, ANDORRA),
];
