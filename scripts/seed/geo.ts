/**
 * Countries and their provinces (provinces, districts, départements, provinces, Länder, parishes)
 * with postal-code prefixes, each country's list being its official one:
 * - ES: the 52 provinces (incl. the autonomous cities Ceuta and Melilla) by INE code 01–52.
 * - PT: the 18 districts (codes 01–18) and the 2 autonomous regions, Açores 20 and Madeira 30
 *   (ISO 3166-2:PT).
 * - FR: the 101 départements: 01–95 with 2A/2B for Corsica, and the overseas 971–974 and 976.
 * - IT: the 107 provinces of the ISTAT list in force from 2017 (80 provinces, 14 metropolitan
 *   cities, 6 free municipal consortia of Sicily, 4 Friulian decentralised entities, Aosta and the
 *   2 autonomous provinces; Sardinia as Sassari, Nuoro, Cagliari, Oristano and Sud Sardegna), by
 *   their two-letter sigla.
 * - DE: the 16 Länder (ISO 3166-2:DE). AD: the 7 parishes.
 * Province ids are unique across countries and never reused, since addresses keep them: Spain
 * uses its INE codes (Madrid 28, Murcia 30, Barcelona 8), then 101+ Portugal, 201–296
 * metropolitan France and 901–905 its overseas départements, 401+ Germany, 501+ Andorra, 601+
 * Italy's provinces (301–320 were the Italian regions the list held before; they are retired).
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
 * Portugal: 18 districts plus the autonomous regions. CP4 codes do not follow district borders,
 * so each two-digit prefix belongs to the district holding most of it (`main`, where the
 * collection-point search centres it), and a district also accepts the prefixes of its
 * municipalities coded from a neighbour's post office (`shared`: Espinho and Santa Maria da Feira
 * 45xx in Aveiro, Cinfães and Resende 46xx in Viseu, Ourém 24xx and Mação 61xx in Santarém, Seia
 * and Gouveia 62xx in Guarda, Nisa and Gavião 60xx in Portalegre, Barrancos 72xx in Beja…), so a
 * right district is never refused. Madeira is 90–94 (94 is Porto Santo) and the Azores 95–99.
 */
const PORTUGAL: [code: string, name: string, main: string, shared: string][] = [
  ['01', 'Aveiro', '37,38', '30,45'], ['02', 'Beja', '76,77,78,79', '72'], ['03', 'Braga', '47,48', ''], ['04', 'Bragança', '52,53', '51'],
  ['05', 'Castelo Branco', '60,61,62', ''], ['06', 'Coimbra', '30,31,32,33', '34'], ['07', 'Évora', '70,71,72', '74'], ['08', 'Faro', '80,81,82,83,84,85,86,87,88,89', ''],
  ['09', 'Guarda', '63,64,65', '35,51,62'], ['10', 'Leiria', '24,25', '31,32'], ['11', 'Lisboa', '10,11,12,13,14,15,16,17,18,19,26,27', '20,25'], ['12', 'Portalegre', '73,74', '60'],
  ['13', 'Porto', '40,41,42,43,44,45,46', '47'], ['14', 'Santarém', '20,21,22,23', '24,61'], ['15', 'Setúbal', '28,29,75', ''], ['16', 'Viana do Castelo', '49', ''],
  ['17', 'Vila Real', '50,54', '48'], ['18', 'Viseu', '34,35,36,51', '46'], ['20', 'Região Autónoma dos Açores', '95,96,97,98,99', ''], ['30', 'Região Autónoma da Madeira', '90,91,92,93,94', ''],
];

/** Each Portuguese postal prefix's main district (geo.ts codes), for locating a prefix. */
export const PORTUGAL_MAIN_PREFIXES: Record<string, string> = Object.fromEntries(PORTUGAL.flatMap(([code, , main]) => main.split(',').map((prefix) => [prefix, code] as const)));

/**
 * France: the 101 départements. The code is the postal prefix, except Corsica, whose 2A
 * (Corse-du-Sud) takes the codes 200xx–201xx and 2B (Haute-Corse) 202xx and 206xx; the overseas
 * départements are 971 Guadeloupe, 972 Martinique, 973 Guyane, 974 La Réunion and 976 Mayotte
 * (975 is Saint-Pierre-et-Miquelon, a collectivity, not a département).
 */
const FRANCE: [string, string, string][] = [
  ['01', 'Ain', '01'], ['02', 'Aisne', '02'], ['03', 'Allier', '03'], ['04', 'Alpes-de-Haute-Provence', '04'], ['05', 'Hautes-Alpes', '05'],
  ['06', 'Alpes-Maritimes', '06'], ['07', 'Ardèche', '07'], ['08', 'Ardennes', '08'], ['09', 'Ariège', '09'], ['10', 'Aube', '10'],
  ['11', 'Aude', '11'], ['12', 'Aveyron', '12'], ['13', 'Bouches-du-Rhône', '13'], ['14', 'Calvados', '14'], ['15', 'Cantal', '15'],
  ['16', 'Charente', '16'], ['17', 'Charente-Maritime', '17'], ['18', 'Cher', '18'], ['19', 'Corrèze', '19'], ['2A', 'Corse-du-Sud', '200,201'],
  ['2B', 'Haute-Corse', '202,206'], ['21', "Côte-d'Or", '21'], ['22', "Côtes-d'Armor", '22'], ['23', 'Creuse', '23'], ['24', 'Dordogne', '24'],
  ['25', 'Doubs', '25'], ['26', 'Drôme', '26'], ['27', 'Eure', '27'], ['28', 'Eure-et-Loir', '28'], ['29', 'Finistère', '29'], ['30', 'Gard', '30'],
  ['31', 'Haute-Garonne', '31'], ['32', 'Gers', '32'], ['33', 'Gironde', '33'], ['34', 'Hérault', '34'], ['35', 'Ille-et-Vilaine', '35'],
  ['36', 'Indre', '36'], ['37', 'Indre-et-Loire', '37'], ['38', 'Isère', '38'], ['39', 'Jura', '39'], ['40', 'Landes', '40'],
  ['41', 'Loir-et-Cher', '41'], ['42', 'Loire', '42'], ['43', 'Haute-Loire', '43'], ['44', 'Loire-Atlantique', '44'], ['45', 'Loiret', '45'],
  ['46', 'Lot', '46'], ['47', 'Lot-et-Garonne', '47'], ['48', 'Lozère', '48'], ['49', 'Maine-et-Loire', '49'], ['50', 'Manche', '50'],
  ['51', 'Marne', '51'], ['52', 'Haute-Marne', '52'], ['53', 'Mayenne', '53'], ['54', 'Meurthe-et-Moselle', '54'], ['55', 'Meuse', '55'],
  ['56', 'Morbihan', '56'], ['57', 'Moselle', '57'], ['58', 'Nièvre', '58'], ['59', 'Nord', '59'], ['60', 'Oise', '60'], ['61', 'Orne', '61'],
  ['62', 'Pas-de-Calais', '62'], ['63', 'Puy-de-Dôme', '63'], ['64', 'Pyrénées-Atlantiques', '64'], ['65', 'Hautes-Pyrénées', '65'],
  ['66', 'Pyrénées-Orientales', '66'], ['67', 'Bas-Rhin', '67'], ['68', 'Haut-Rhin', '68'], ['69', 'Rhône', '69'], ['70', 'Haute-Saône', '70'],
  ['71', 'Saône-et-Loire', '71'], ['72', 'Sarthe', '72'], ['73', 'Savoie', '73'], ['74', 'Haute-Savoie', '74'], ['75', 'Paris', '75'],
  ['76', 'Seine-Maritime', '76'], ['77', 'Seine-et-Marne', '77'], ['78', 'Yvelines', '78'], ['79', 'Deux-Sèvres', '79'], ['80', 'Somme', '80'],
  ['81', 'Tarn', '81'], ['82', 'Tarn-et-Garonne', '82'], ['83', 'Var', '83'], ['84', 'Vaucluse', '84'], ['85', 'Vendée', '85'],
  ['86', 'Vienne', '86'], ['87', 'Haute-Vienne', '87'], ['88', 'Vosges', '88'], ['89', 'Yonne', '89'], ['90', 'Territoire de Belfort', '90'],
  ['91', 'Essonne', '91'], ['92', 'Hauts-de-Seine', '92'], ['93', 'Seine-Saint-Denis', '93'], ['94', 'Val-de-Marne', '94'],
  ['95', "Val-d'Oise", '95'], ['971', 'Guadeloupe', '971'], ['972', 'Martinique', '972'], ['973', 'Guyane', '973'], ['974', 'La Réunion', '974'],
  ['976', 'Mayotte', '976'],
];

/**
 * Italy: the 107 provinces by their sigla, in ISTAT order (region by region). CAPs were given by
 * the province of 1990, so a province created since shares its parent's two-digit prefix (Lecco
 * and Sondrio 23, Lodi and Cremona 26, Monza and Milano 20, Fermo and Ascoli 63…): the postal
 * code narrows the choice but does not decide it. Sappada (32047) moved to Udine in 2017,
 * Montecopiolo and Sassofeltrio (61014, 61013) to Rimini in 2021, and some Sardinian
 * municipalities keep an 08 CAP outside Nuoro. San Marino (4789x) and the Vatican (00120) are
 * not Italy.
 */
const ITALY: [string, string, string][] = [
  ['TO', 'Torino', '10'], ['VC', 'Vercelli', '13'], ['NO', 'Novara', '28'], ['CN', 'Cuneo', '12'], ['AT', 'Asti', '14'], ['AL', 'Alessandria', '15'],
  ['BI', 'Biella', '13'], ['VB', 'Verbano-Cusio-Ossola', '28'], ['AO', 'Aosta', '11'],
  ['VA', 'Varese', '21'], ['CO', 'Como', '22'], ['SO', 'Sondrio', '23'], ['MI', 'Milano', '20'], ['BG', 'Bergamo', '24'], ['BS', 'Brescia', '25'],
  ['PV', 'Pavia', '27'], ['CR', 'Cremona', '26'], ['MN', 'Mantova', '46'], ['LC', 'Lecco', '23'], ['LO', 'Lodi', '26'], ['MB', 'Monza e della Brianza', '20'],
  ['BZ', 'Bolzano', '39'], ['TN', 'Trento', '38'],
  ['VR', 'Verona', '37'], ['VI', 'Vicenza', '36'], ['BL', 'Belluno', '32'], ['TV', 'Treviso', '31'], ['VE', 'Venezia', '30'], ['PD', 'Padova', '35'], ['RO', 'Rovigo', '45'],
  ['UD', 'Udine', '33,32047'], ['GO', 'Gorizia', '34'], ['TS', 'Trieste', '34'], ['PN', 'Pordenone', '33'],
  ['IM', 'Imperia', '18'], ['SV', 'Savona', '17'], ['GE', 'Genova', '16'], ['SP', 'La Spezia', '19'],
  ['PC', 'Piacenza', '29'], ['PR', 'Parma', '43'], ['RE', 'Reggio Emilia', '42'], ['MO', 'Modena', '41'], ['BO', 'Bologna', '40'], ['FE', 'Ferrara', '44'],
  ['RA', 'Ravenna', '48'], ['FC', 'Forlì-Cesena', '47'], ['RN', 'Rimini', '47,61013,61014'],
  ['MS', 'Massa-Carrara', '54'], ['LU', 'Lucca', '55'], ['PT', 'Pistoia', '51'], ['FI', 'Firenze', '50'], ['LI', 'Livorno', '57'], ['PI', 'Pisa', '56'],
  ['AR', 'Arezzo', '52'], ['SI', 'Siena', '53'], ['GR', 'Grosseto', '58'], ['PO', 'Prato', '59'],
  ['PG', 'Perugia', '06'], ['TR', 'Terni', '05'],
  ['PU', 'Pesaro e Urbino', '61'], ['AN', 'Ancona', '60'], ['MC', 'Macerata', '62'], ['AP', 'Ascoli Piceno', '63'], ['FM', 'Fermo', '63'],
  ['VT', 'Viterbo', '01'], ['RI', 'Rieti', '02'], ['RM', 'Roma', '00'], ['LT', 'Latina', '04'], ['FR', 'Frosinone', '03'],
  ['AQ', "L'Aquila", '67'], ['TE', 'Teramo', '64'], ['PE', 'Pescara', '65'], ['CH', 'Chieti', '66'],
  ['CB', 'Campobasso', '86'], ['IS', 'Isernia', '86'],
  ['CE', 'Caserta', '81'], ['BN', 'Benevento', '82'], ['NA', 'Napoli', '80'], ['AV', 'Avellino', '83'], ['SA', 'Salerno', '84'],
  ['FG', 'Foggia', '71'], ['BA', 'Bari', '70'], ['TA', 'Taranto', '74'], ['BR', 'Brindisi', '72'], ['LE', 'Lecce', '73'], ['BT', 'Barletta-Andria-Trani', '76'],
  ['PZ', 'Potenza', '85'], ['MT', 'Matera', '75'],
  ['CS', 'Cosenza', '87'], ['CZ', 'Catanzaro', '88'], ['RC', 'Reggio Calabria', '89'], ['KR', 'Crotone', '88'], ['VV', 'Vibo Valentia', '89'],
  ['TP', 'Trapani', '91'], ['PA', 'Palermo', '90'], ['ME', 'Messina', '98'], ['AG', 'Agrigento', '92'], ['CL', 'Caltanissetta', '93'], ['EN', 'Enna', '94'],
  ['CT', 'Catania', '95'], ['RG', 'Ragusa', '97'], ['SR', 'Siracusa', '96'],
  ['SS', 'Sassari', '07,08'], ['NU', 'Nuoro', '08'], ['CA', 'Cagliari', '09'], ['OR', 'Oristano', '09,08'], ['SU', 'Sud Sardegna', '09,08'],
];

/**
 * Germany: the 16 Länder. German postcode zones cross state borders, so a Land lists only for the
 * city states and Bavaria every two-digit zone holding any of its codes (Berlin's 14xxx beside
 * Potsdam's, Hamburg-Harburg's 21xxx, Bremerhaven's 27xxx, Bavaria's Aschaffenburg 63xxx, Augsburg
 * 86xxx, Lindau 88xxx, Neu-Ulm 89xxx and Franconia up to 97xxx): a wrong Land may pass, a right
 * one is never refused. The others are left '' (anything matches).
 */
const GERMANY: [string, string, string][] = [
  ['BW', 'Baden-Württemberg', ''], ['BY', 'Bayern', '63,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97'], ['BE', 'Berlin', '10,12,13,14'],
  ['BB', 'Brandenburg', ''], ['HB', 'Bremen', '27,28'], ['HH', 'Hamburg', '20,21,22'], ['HE', 'Hessen', ''],
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
  ...fromTuples(2, 101, PORTUGAL.map(([code, name, main, shared]) => [code, name, shared ? `${main},${shared}` : main] as [string, string, string])),
  ...fromTuples(3, 201, FRANCE.filter(([code]) => !code.startsWith('97'))),
  ...fromTuples(3, 901, FRANCE.filter(([code]) => code.startsWith('97'))),
  ...fromTuples(4, 601, ITALY),
  ...fromTuples(5, 401, GERMANY),
  ...fromTuples(6, 501, ANDORRA),
];
