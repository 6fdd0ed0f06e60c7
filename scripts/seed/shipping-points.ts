/**
 * Collection points (spec §3 shipping type 2) and the places postal codes stand for, so the
 * point search (worker/checkout/collection-points.ts) can measure distances. Invented shops,
 * lockers and kiosks at real street addresses, postal codes and coordinates of Spanish,
 * Portuguese, French, Italian and German cities, a few of them inactive (a search never shows
 * those). No points in Canarias, Ceuta, Melilla, Madeira or the Azores: collection points do
 * not serve them (COLLECTION_POINT_TARIFFS).
 *
 * Postal code locations come in two kinds: whole codes (those of the points, of the demo
 * accounts and of the end-to-end tests) at the centre of their area, and prefixes, so that any
 * valid code resolves by its longest matching prefix. Prefixes: every province of geo.ts at its
 * capital (Spanish provinces, Portuguese districts, French départements — Corsica's "20" at
 * Ajaccio); Italy's and Germany's provinces in geo.ts are regions and Länder, so there each
 * two-digit zone (Italian CAP province, German Leitregion) sits at its own main town, and every
 * German zone is listed, not only those geo.ts gives a Land. Andorra has no collection points
 * and no rows. Coordinates are degrees to 4 decimals (≈ 10 m), stored as millionths.
 */
import type { SeedRow } from './generate';
import { PORTUGAL_MAIN_PREFIXES } from './geo';

type Hours = Record<string, string>;

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

/** Hours on weekdays, Saturday and Sunday; an absent day is closed. */
function hours(weekdays: string, saturday?: string, sunday?: string): Hours {
  const days: Hours = Object.fromEntries(WEEK.map((day) => [day, weekdays]));
  if (saturday) days.sat = saturday;
  if (sunday) days.sun = sunday;
  return days;
}

const SHOP = hours('09:00-20:00', '10:00-14:00');
const SPLIT = hours('09:30-14:00,17:00-20:30', '10:00-14:00');
const KIOSK = hours('07:00-21:00', '08:00-21:00', '08:00-14:00');
const LATE = hours('08:00-22:00', '08:00-22:00', '10:00-20:00');
const LOCKER = hours('00:00-24:00', '00:00-24:00', '00:00-24:00');
const STATION = hours('06:00-24:00', '06:00-24:00', '07:00-23:00');

const LOCKER_GRAMS = 15_000;
const SHOP_GRAMS = 20_000;
const DEPOT_GRAMS = 30_000;

interface PointDef {
  id: number;
  countryIso: string;
  carrier: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  latitude: number;
  longitude: number;
  maxWeightGrams: number;
  openingHours: Hours;
  active?: false;
}

/** Ids by country: 1xxx Spain, 2xxx Portugal, 3xxx France, 4xxx Italy, 5xxx Germany. */
export const SHIPPING_POINTS: readonly PointDef[] = [
  // Spain: SEUR Pickup shops and our lockers.
  { id: 1001, countryIso: 'ES', carrier: 'seur', name: 'Estanco Gran Vía', address: 'Gran Vía, 32', postalCode: '28013', city: 'Madrid', latitude: 40.4203, longitude: -3.7053, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },
  { id: 1002, countryIso: 'ES', carrier: 'seur', name: 'Papelería Chamberí', address: 'Calle de Fuencarral, 140', postalCode: '28010', city: 'Madrid', latitude: 40.432, longitude: -3.702, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 1003, countryIso: 'ES', carrier: 'ampora-locker', name: 'Ampora Locker Atocha', address: 'Estación de Atocha, Glorieta del Emperador Carlos V', postalCode: '28045', city: 'Madrid', latitude: 40.4066, longitude: -3.6892, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 1004, countryIso: 'ES', carrier: 'seur', name: 'Kiosco Goya', address: 'Calle de Goya, 45', postalCode: '28001', city: 'Madrid', latitude: 40.4245, longitude: -3.678, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 1005, countryIso: 'ES', carrier: 'seur', name: 'Ferretería El Casar', address: 'Calle Madrid, 45', postalCode: '28901', city: 'Getafe', latitude: 40.308, longitude: -3.73, maxWeightGrams: DEPOT_GRAMS, openingHours: SPLIT },
  { id: 1006, countryIso: 'ES', carrier: 'seur', name: 'Librería Cervantes', address: 'Calle Mayor, 30', postalCode: '28801', city: 'Alcalá de Henares', latitude: 40.482, longitude: -3.366, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },
  { id: 1007, countryIso: 'ES', carrier: 'seur', name: 'Droguería Carmen', address: 'Calle del Carmen, 10', postalCode: '28013', city: 'Madrid', latitude: 40.418, longitude: -3.7045, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP, active: false },
  { id: 1008, countryIso: 'ES', carrier: 'seur', name: 'Estanc Gràcia', address: 'Carrer Gran de Gràcia, 120', postalCode: '08012', city: 'Barcelona', latitude: 41.4005, longitude: 2.1545, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },
  { id: 1009, countryIso: 'ES', carrier: 'ampora-locker', name: 'Ampora Locker Sants Estació', address: 'Plaça dels Països Catalans, s/n', postalCode: '08014', city: 'Barcelona', latitude: 41.379, longitude: 2.14, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 1010, countryIso: 'ES', carrier: 'seur', name: 'Estanco Ruzafa', address: 'Carrer de Sueca, 20', postalCode: '46006', city: 'València', latitude: 39.461, longitude: -0.374, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },
  { id: 1011, countryIso: 'ES', carrier: 'seur', name: 'Papelería Triana', address: 'Calle San Jacinto, 30', postalCode: '41010', city: 'Sevilla', latitude: 37.3845, longitude: -6.006, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },
  { id: 1012, countryIso: 'ES', carrier: 'seur', name: 'Kiosco Trapería', address: 'Calle Trapería, 10', postalCode: '30001', city: 'Murcia', latitude: 37.9855, longitude: -1.13, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 1013, countryIso: 'ES', carrier: 'seur', name: 'Estanco Indautxu', address: 'Alameda de Urquijo, 60', postalCode: '48011', city: 'Bilbao', latitude: 43.2605, longitude: -2.9395, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 1014, countryIso: 'ES', carrier: 'seur', name: 'Papelería El Pilar', address: 'Calle de Alfonso I, 20', postalCode: '50003', city: 'Zaragoza', latitude: 41.654, longitude: -0.879, maxWeightGrams: DEPOT_GRAMS, openingHours: SHOP },
  { id: 1015, countryIso: 'ES', carrier: 'correos-express', name: 'Estanc Jaume III', address: 'Avinguda de Jaume III, 15', postalCode: '07012', city: 'Palma', latitude: 39.5715, longitude: 2.644, maxWeightGrams: SHOP_GRAMS, openingHours: SPLIT },

  // Portugal: CTT points and our lockers.
  { id: 2001, countryIso: 'PT', carrier: 'ctt', name: 'Tabacaria Central', address: 'Rua Augusta, 120', postalCode: '1100-048', city: 'Lisboa', latitude: 38.71, longitude: -9.1372, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 2002, countryIso: 'PT', carrier: 'ctt', name: 'Papelaria Avenidas Novas', address: 'Avenida da República, 50', postalCode: '1050-196', city: 'Lisboa', latitude: 38.7405, longitude: -9.1455, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 2003, countryIso: 'PT', carrier: 'ampora-locker', name: 'Ampora Locker Oriente', address: 'Estação do Oriente, Avenida Dom João II', postalCode: '1990-233', city: 'Lisboa', latitude: 38.7678, longitude: -9.099, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 2004, countryIso: 'PT', carrier: 'ctt', name: 'Quiosque Alcântara', address: 'Rua de Alcântara, 30', postalCode: '1300-013', city: 'Lisboa', latitude: 38.704, longitude: -9.177, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 2005, countryIso: 'PT', carrier: 'ctt', name: 'Drogaria Campo de Ourique', address: 'Rua Ferreira Borges, 80', postalCode: '1350-159', city: 'Lisboa', latitude: 38.7165, longitude: -9.164, maxWeightGrams: DEPOT_GRAMS, openingHours: SHOP },
  { id: 2006, countryIso: 'PT', carrier: 'ctt', name: 'Quiosque Rossio', address: 'Praça Dom Pedro IV, 20', postalCode: '1100-200', city: 'Lisboa', latitude: 38.714, longitude: -9.1395, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK, active: false },
  { id: 2007, countryIso: 'PT', carrier: 'ctt', name: 'Tabacaria Aliados', address: 'Avenida dos Aliados, 100', postalCode: '4000-064', city: 'Porto', latitude: 41.1485, longitude: -8.611, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 2008, countryIso: 'PT', carrier: 'ctt', name: 'Papelaria Boavista', address: 'Avenida da Boavista, 1200', postalCode: '4100-112', city: 'Porto', latitude: 41.159, longitude: -8.637, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 2009, countryIso: 'PT', carrier: 'ampora-locker', name: 'Ampora Locker Campanhã', address: 'Estação de Campanhã, Largo da Estação', postalCode: '4300-173', city: 'Porto', latitude: 41.1487, longitude: -8.5855, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 2010, countryIso: 'PT', carrier: 'ctt', name: 'Livraria Cedofeita', address: 'Rua de Cedofeita, 200', postalCode: '4050-174', city: 'Porto', latitude: 41.154, longitude: -8.62, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 2011, countryIso: 'PT', carrier: 'ctt', name: 'Tabacaria Arcada', address: 'Praça da República, 10', postalCode: '4710-305', city: 'Braga', latitude: 41.551, longitude: -8.4225, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 2012, countryIso: 'PT', carrier: 'ctt', name: 'Papelaria da Baixa', address: 'Rua Ferreira Borges, 50', postalCode: '3000-180', city: 'Coimbra', latitude: 40.2095, longitude: -8.4295, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },

  // France: Colissimo and Chronopost relays, and our lockers.
  { id: 3001, countryIso: 'FR', carrier: 'chronopost', name: 'Relais Pickup Bastille', address: '12 Rue de la Roquette', postalCode: '75011', city: 'Paris', latitude: 48.854, longitude: 2.3715, maxWeightGrams: SHOP_GRAMS, openingHours: LATE },
  { id: 3002, countryIso: 'FR', carrier: 'colissimo', name: 'Tabac de la Mairie', address: '5 Rue du Louvre', postalCode: '75001', city: 'Paris', latitude: 48.8605, longitude: 2.3425, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 3003, countryIso: 'FR', carrier: 'ampora-locker', name: 'Ampora Locker Gare de Lyon', address: 'Place Louis-Armand', postalCode: '75012', city: 'Paris', latitude: 48.8443, longitude: 2.3744, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 3004, countryIso: 'FR', carrier: 'colissimo', name: 'Librairie des Abbesses', address: '40 Rue des Abbesses', postalCode: '75018', city: 'Paris', latitude: 48.8845, longitude: 2.338, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 3005, countryIso: 'FR', carrier: 'colissimo', name: 'Presse Saint-Michel', address: '11 Boulevard Saint-Michel', postalCode: '75005', city: 'Paris', latitude: 48.852, longitude: 2.344, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 3006, countryIso: 'FR', carrier: 'chronopost', name: 'Relais Pickup République', address: '3 Rue du Faubourg du Temple', postalCode: '75010', city: 'Paris', latitude: 48.868, longitude: 2.365, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP, active: false },
  { id: 3007, countryIso: 'FR', carrier: 'colissimo', name: 'Tabac Presse Bellecour', address: '10 Place Bellecour', postalCode: '69002', city: 'Lyon', latitude: 45.7578, longitude: 4.832, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 3008, countryIso: 'FR', carrier: 'chronopost', name: 'Relais Croix-Rousse', address: '5 Grande Rue de la Croix-Rousse', postalCode: '69004', city: 'Lyon', latitude: 45.7745, longitude: 4.831, maxWeightGrams: DEPOT_GRAMS, openingHours: SHOP },
  { id: 3009, countryIso: 'FR', carrier: 'ampora-locker', name: 'Ampora Locker Part-Dieu', address: 'Place Charles-Béraudier', postalCode: '69003', city: 'Lyon', latitude: 45.7606, longitude: 4.8596, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 3010, countryIso: 'FR', carrier: 'colissimo', name: 'Tabac du Vieux-Port', address: '20 Quai du Port', postalCode: '13002', city: 'Marseille', latitude: 43.2965, longitude: 5.369, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 3011, countryIso: 'FR', carrier: 'colissimo', name: 'Relais Capitole', address: '15 Rue du Taur', postalCode: '31000', city: 'Toulouse', latitude: 43.606, longitude: 1.443, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 3012, countryIso: 'FR', carrier: 'chronopost', name: 'Presse Grand’Place', address: '8 Rue Esquermoise', postalCode: '59800', city: 'Lille', latitude: 50.6375, longitude: 3.062, maxWeightGrams: SHOP_GRAMS, openingHours: LATE },

  // Italy: BRT and SDA points, and our lockers.
  { id: 4001, countryIso: 'IT', carrier: 'brt', name: 'Punto BRT Navigli', address: 'Ripa di Porta Ticinese, 30', postalCode: '20143', city: 'Milano', latitude: 45.4515, longitude: 9.175, maxWeightGrams: SHOP_GRAMS, openingHours: LATE },
  { id: 4002, countryIso: 'IT', carrier: 'sda-express', name: 'Tabaccheria Duomo', address: 'Via Torino, 10', postalCode: '20123', city: 'Milano', latitude: 45.462, longitude: 9.186, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 4003, countryIso: 'IT', carrier: 'ampora-locker', name: 'Ampora Locker Milano Centrale', address: "Piazza Duca d'Aosta, 1", postalCode: '20124', city: 'Milano', latitude: 45.4855, longitude: 9.204, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 4004, countryIso: 'IT', carrier: 'brt', name: 'Edicola Isola', address: 'Via Pietro Borsieri, 10', postalCode: '20159', city: 'Milano', latitude: 45.488, longitude: 9.1895, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 4005, countryIso: 'IT', carrier: 'brt', name: 'Edicola Brera', address: 'Via Brera, 20', postalCode: '20121', city: 'Milano', latitude: 45.472, longitude: 9.188, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK, active: false },
  { id: 4006, countryIso: 'IT', carrier: 'brt', name: 'Tabaccheria Trastevere', address: 'Viale di Trastevere, 50', postalCode: '00153', city: 'Roma', latitude: 41.884, longitude: 12.472, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 4007, countryIso: 'IT', carrier: 'brt', name: 'Punto BRT Prati', address: 'Via Cola di Rienzo, 150', postalCode: '00192', city: 'Roma', latitude: 41.907, longitude: 12.464, maxWeightGrams: DEPOT_GRAMS, openingHours: SHOP },
  { id: 4008, countryIso: 'IT', carrier: 'ampora-locker', name: 'Ampora Locker Roma Termini', address: 'Piazza dei Cinquecento', postalCode: '00185', city: 'Roma', latitude: 41.901, longitude: 12.501, maxWeightGrams: LOCKER_GRAMS, openingHours: STATION },
  { id: 4009, countryIso: 'IT', carrier: 'sda-express', name: 'Tabaccheria Porta Nuova', address: 'Via Roma, 300', postalCode: '10123', city: 'Torino', latitude: 45.065, longitude: 7.6805, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 4010, countryIso: 'IT', carrier: 'brt', name: 'Edicola Toledo', address: 'Via Toledo, 150', postalCode: '80134', city: 'Napoli', latitude: 40.843, longitude: 14.2485, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 4011, countryIso: 'IT', carrier: 'brt', name: 'Tabaccheria Due Torri', address: 'Strada Maggiore, 10', postalCode: '40125', city: 'Bologna', latitude: 44.4935, longitude: 11.348, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },

  // Germany: DHL and DPD parcel shops, and our lockers.
  { id: 5001, countryIso: 'DE', carrier: 'dhl', name: 'DHL Paketshop Kreuzberg', address: 'Oranienstraße 180', postalCode: '10999', city: 'Berlin', latitude: 52.501, longitude: 13.42, maxWeightGrams: DEPOT_GRAMS, openingHours: LATE },
  { id: 5002, countryIso: 'DE', carrier: 'dpd-express', name: 'Späti Kastanienallee', address: 'Kastanienallee 20', postalCode: '10435', city: 'Berlin', latitude: 52.537, longitude: 13.408, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 5003, countryIso: 'DE', carrier: 'ampora-locker', name: 'Ampora Locker Hauptbahnhof', address: 'Europaplatz 1', postalCode: '10557', city: 'Berlin', latitude: 52.5251, longitude: 13.3694, maxWeightGrams: LOCKER_GRAMS, openingHours: LOCKER },
  { id: 5004, countryIso: 'DE', carrier: 'dhl', name: 'Schreibwaren Kantstraße', address: 'Kantstraße 50', postalCode: '10625', city: 'Berlin', latitude: 52.506, longitude: 13.307, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 5005, countryIso: 'DE', carrier: 'dhl', name: 'Paketshop Torstraße', address: 'Torstraße 100', postalCode: '10119', city: 'Berlin', latitude: 52.529, longitude: 13.404, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP, active: false },
  { id: 5006, countryIso: 'DE', carrier: 'dhl', name: 'DHL Paketshop Schwabing', address: 'Leopoldstraße 50', postalCode: '80802', city: 'München', latitude: 48.159, longitude: 11.586, maxWeightGrams: DEPOT_GRAMS, openingHours: SHOP },
  { id: 5007, countryIso: 'DE', carrier: 'dpd-express', name: 'Kiosk am Viktualienmarkt', address: 'Frauenstraße 10', postalCode: '80469', city: 'München', latitude: 48.134, longitude: 11.577, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
  { id: 5008, countryIso: 'DE', carrier: 'dhl', name: 'Paketshop St. Georg', address: 'Lange Reihe 50', postalCode: '20099', city: 'Hamburg', latitude: 53.556, longitude: 10.01, maxWeightGrams: SHOP_GRAMS, openingHours: LATE },
  { id: 5009, countryIso: 'DE', carrier: 'ampora-locker', name: 'Ampora Locker Altona', address: 'Paul-Nevermann-Platz 1', postalCode: '22765', city: 'Hamburg', latitude: 53.552, longitude: 9.935, maxWeightGrams: LOCKER_GRAMS, openingHours: LOCKER },
  { id: 5010, countryIso: 'DE', carrier: 'dhl', name: 'DHL Paketshop Ehrenfeld', address: 'Venloer Straße 300', postalCode: '50823', city: 'Köln', latitude: 50.9495, longitude: 6.924, maxWeightGrams: SHOP_GRAMS, openingHours: SHOP },
  { id: 5011, countryIso: 'DE', carrier: 'dpd-express', name: 'Kiosk Schweizer Straße', address: 'Schweizer Straße 20', postalCode: '60594', city: 'Frankfurt am Main', latitude: 50.103, longitude: 8.68, maxWeightGrams: SHOP_GRAMS, openingHours: KIOSK },
];

/** Centres of whole postal codes: the points', the demo accounts' and the end-to-end tests'. */
const POSTAL_CODES: Record<string, Record<string, [latitude: number, longitude: number]>> = {
  ES: {
    '28001': [40.425, -3.684], '28010': [40.433, -3.699], '28013': [40.4195, -3.71], '28014': [40.414, -3.692], '28045': [40.401, -3.692],
    '28801': [40.482, -3.364], '28901': [40.308, -3.731], '08012': [41.403, 2.156], '08014': [41.376, 2.137], '46006': [39.46, -0.373],
    '41010': [37.385, -6.004], '30001': [37.985, -1.129], '30009': [37.9935, -1.128], '48011': [43.26, -2.943], '50003': [41.655, -0.88],
    '07012': [39.572, 2.643],
  },
  PT: {
    '1100-048': [38.7105, -9.137], '1050-196': [38.742, -9.145], '1990-233': [38.768, -9.0985], '1300-013': [38.7035, -9.1775],
    '1350-159': [38.7165, -9.165], '1100-200': [38.714, -9.1395], '4000-064': [41.148, -8.611], '4100-112': [41.1595, -8.638],
    '4300-173': [41.149, -8.586], '4050-174': [41.154, -8.619], '4710-305': [41.5505, -8.423], '3000-180': [40.21, -8.43],
  },
  FR: {
    '75001': [48.8625, 2.337], '75005': [48.8445, 2.35], '75010': [48.876, 2.361], '75011': [48.859, 2.38], '75012': [48.84, 2.388],
    '75018': [48.892, 2.348], '69001': [45.769, 4.829], '69002': [45.75, 4.827], '69003': [45.758, 4.865], '69004': [45.778, 4.828],
    '13002': [43.305, 5.365], '31000': [43.604, 1.444], '59800': [50.637, 3.07],
  },
  IT: {
    '20121': [45.472, 9.19], '20123': [45.462, 9.182], '20124': [45.484, 9.203], '20143': [45.448, 9.172], '20159': [45.493, 9.188],
    '00153': [41.881, 12.472], '00185': [41.899, 12.505], '00192': [41.907, 12.461], '10123': [45.065, 7.68], '80134': [40.845, 14.25],
    '40125': [44.492, 11.35],
  },
  DE: {
    '10119': [52.53, 13.405], '10435': [52.538, 13.409], '10557': [52.523, 13.365], '10625': [52.508, 13.306], '10999': [52.499, 13.423],
    '80469': [48.131, 11.575], '80802': [48.16, 11.588], '20099': [53.556, 10.012], '22765': [53.552, 9.933], '50823': [50.953, 6.922],
    '60594': [50.102, 8.687],
  },
};

/** Spanish provinces (two-digit INE code = postal prefix) at their capitals. */
const SPAIN_CAPITALS: Record<string, [number, number]> = {
  '01': [42.8467, -2.6727], '02': [38.9943, -1.8585], '03': [38.3452, -0.481], '04': [36.8381, -2.4597], '05': [40.6566, -4.6818],
  '06': [38.8794, -6.9707], '07': [39.5696, 2.6502], '08': [41.3874, 2.1686], '09': [42.3439, -3.6969], '10': [39.4753, -6.3724],
  '11': [36.5271, -6.2886], '12': [39.9864, -0.0513], '13': [38.9848, -3.9274], '14': [37.8882, -4.7794], '15': [43.3623, -8.4115],
  '16': [40.0704, -2.1374], '17': [41.9794, 2.8214], '18': [37.1773, -3.5986], '19': [40.6329, -3.1669], '20': [43.3183, -1.9812],
  '21': [37.2614, -6.9447], '22': [42.1361, -0.4087], '23': [37.7796, -3.7849], '24': [42.5987, -5.5671], '25': [41.6176, 0.62],
  '26': [42.4627, -2.445], '27': [43.0097, -7.5568], '28': [40.4168, -3.7038], '29': [36.7213, -4.4214], '30': [37.9922, -1.1307],
  '31': [42.8125, -1.6458], '32': [42.3358, -7.8639], '33': [43.3619, -5.8494], '34': [42.0095, -4.5288], '35': [28.1235, -15.4363],
  '36': [42.431, -8.6444], '37': [40.9701, -5.6635], '38': [28.4636, -16.2518], '39': [43.4623, -3.8099], '40': [40.9429, -4.1088],
  '41': [37.3891, -5.9845], '42': [41.7665, -2.479], '43': [41.1189, 1.2445], '44': [40.3456, -1.1065], '45': [39.8628, -4.0273],
  '46': [39.4699, -0.3763], '47': [41.6523, -4.7245], '48': [43.263, -2.935], '49': [41.5033, -5.7446], '50': [41.6488, -0.8891],
  '51': [35.8894, -5.3213], '52': [35.2923, -2.9381],
};

/** Portuguese districts (codes of geo.ts) at their capitals; Azores at Ponta Delgada. */
const PORTUGAL_CAPITALS: Record<string, [number, number]> = {
  '01': [40.6405, -8.6538], '02': [38.0151, -7.8632], '03': [41.5454, -8.4265], '04': [41.8061, -6.7567], '05': [39.8222, -7.4909],
  '06': [40.2033, -8.4103], '07': [38.5714, -7.9135], '08': [37.0194, -7.9304], '09': [40.5373, -7.2658], '10': [39.7436, -8.8071],
  '11': [38.7223, -9.1393], '12': [39.2967, -7.4285], '13': [41.1579, -8.6291], '14': [39.2369, -8.685], '15': [38.5244, -8.8882],
  '16': [41.6918, -8.8344], '17': [41.3006, -7.7441], '18': [40.6566, -7.9125], '20': [37.7412, -25.6756], '30': [32.6669, -16.9241],
};

/** French départements (postal prefix; Corsica's 2A and 2B share "20" and have their own three-digit ones) at their prefectures. */
const FRANCE_PREFECTURES: Record<string, [number, number]> = {
  '01': [46.2052, 5.2255], '02': [49.5641, 3.6199], '03': [46.5646, 3.3326], '04': [44.0925, 6.2356], '05': [44.5594, 6.0786],
  '06': [43.7102, 7.262], '07': [44.7353, 4.5992], '08': [49.7621, 4.7263], '09': [42.9653, 1.6071], '10': [48.2973, 4.0744],
  '11': [43.213, 2.3491], '12': [44.3506, 2.575], '13': [43.2965, 5.3698], '14': [49.1829, -0.3707], '15': [44.9264, 2.4397],
  '16': [45.6484, 0.1562], '17': [46.1603, -1.1511], '18': [47.081, 2.3988], '19': [45.2658, 1.7722], '20': [41.9192, 8.7386],
  '21': [47.322, 5.0415], '22': [48.5136, -2.7603], '23': [46.1716, 1.8717], '24': [45.184, 0.7211], '25': [47.2378, 6.0241],
  '26': [44.9334, 4.8924], '27': [49.0241, 1.1508], '28': [48.4439, 1.489], '29': [47.996, -4.1024], '30': [43.8367, 4.3601],
  '31': [43.6047, 1.4442], '32': [43.6465, 0.5855], '33': [44.8378, -0.5792], '34': [43.6108, 3.8767], '35': [48.1173, -1.6778],
  '36': [46.8103, 1.6913], '37': [47.3941, 0.6848], '38': [45.1885, 5.7245], '39': [46.6744, 5.5546], '40': [43.8902, -0.4999],
  '41': [47.5861, 1.3359], '42': [45.4397, 4.3872], '43': [45.0434, 3.885], '44': [47.2184, -1.5536], '45': [47.903, 1.9093],
  '46': [44.4475, 1.4419], '47': [44.2033, 0.6163], '48': [44.5181, 3.5007], '49': [47.4784, -0.5632], '50': [49.1157, -1.0906],
  '51': [48.9566, 4.3631], '52': [48.1113, 5.1392], '53': [48.0707, -0.7734], '54': [48.6921, 6.1844], '55': [48.7727, 5.16],
  '56': [47.6582, -2.7608], '57': [49.1193, 6.1757], '58': [46.9909, 3.159], '59': [50.6292, 3.0573], '60': [49.4295, 2.0807],
  '61': [48.4329, 0.0913], '62': [50.291, 2.7775], '63': [45.7772, 3.087], '64': [43.2951, -0.3708], '65': [43.2328, 0.0781],
  '66': [42.6887, 2.8948], '67': [48.5734, 7.7521], '68': [48.0794, 7.3585], '69': [45.764, 4.8357], '70': [47.6233, 6.1557],
  '71': [46.3069, 4.8287], '72': [48.0061, 0.1996], '73': [45.5646, 5.9178], '74': [45.8992, 6.1294], '75': [48.8566, 2.3522],
  '76': [49.4432, 1.0999], '77': [48.5421, 2.6554], '78': [48.8049, 2.1204], '79': [46.3237, -0.4588], '80': [49.8941, 2.2958],
  '81': [43.9289, 2.1464], '82': [44.0176, 1.355], '83': [43.1242, 5.928], '84': [43.9493, 4.8055], '85': [46.6705, -1.426],
  '86': [46.5802, 0.3404], '87': [45.8336, 1.2611], '88': [48.1724, 6.4494], '89': [47.7982, 3.5673], '90': [47.6397, 6.8638],
  '91': [48.629, 2.441], '92': [48.8924, 2.2071], '93': [48.9077, 2.439], '94': [48.7904, 2.4556], '95': [49.0364, 2.0761],
  // Corsica's two départements by their own prefixes. The overseas ones are not located: we do
  // not ship there (worker/domain/checkout/shipping.ts), so no point search starts there.
  '200': [41.9192, 8.7386], '201': [41.6215, 8.9746], '202': [42.6977, 9.4508], '206': [42.6977, 9.4508],
};

/** Italian CAP prefixes at the capital of their province (Lecco shares 23 with Sondrio, Lodi 26 with Cremona). */
const ITALY_PROVINCES: Record<string, [number, number]> = {
  '00': [41.9028, 12.4964], '01': [42.4207, 12.1077], '02': [42.4048, 12.862], '03': [41.6396, 13.3512], '04': [41.4676, 12.9037],
  '05': [42.5636, 12.6427], '06': [43.1107, 12.3908], '07': [40.7259, 8.5557], '08': [40.3209, 9.3306], '09': [39.2238, 9.1217],
  '10': [45.0703, 7.6869], '11': [45.737, 7.3201], '12': [44.3845, 7.5427], '13': [45.3202, 8.4185], '14': [44.9008, 8.2065],
  '15': [44.9133, 8.615], '16': [44.4056, 8.9463], '17': [44.3091, 8.4772], '18': [43.8896, 8.0392], '19': [44.1025, 9.8241],
  '20': [45.4642, 9.19], '21': [45.8206, 8.8251], '22': [45.8081, 9.0852], '23': [46.1699, 9.8782], '24': [45.6983, 9.6773],
  '25': [45.5416, 10.2118], '26': [45.1332, 10.0227], '27': [45.1847, 9.1582], '28': [45.4469, 8.6218], '29': [45.0526, 9.693],
  '30': [45.4408, 12.3155], '31': [45.6669, 12.243], '32': [46.1425, 12.2167], '33': [46.0711, 13.2346], '34': [45.6495, 13.7768],
  '35': [45.4064, 11.8768], '36': [45.5455, 11.5354], '37': [45.4384, 10.9916], '38': [46.0748, 11.1217], '39': [46.4983, 11.3548],
  '40': [44.4949, 11.3426], '41': [44.6471, 10.9252], '42': [44.6989, 10.6297], '43': [44.8015, 10.3279], '44': [44.8381, 11.6198],
  '45': [45.0703, 11.79], '46': [45.1564, 10.7914], '47': [44.2227, 12.0407], '48': [44.4184, 12.2035], '50': [43.7696, 11.2558],
  '51': [43.9335, 10.9174], '52': [43.4633, 11.8796], '53': [43.3188, 11.3308], '54': [44.0354, 10.1397], '55': [43.8429, 10.5027],
  '56': [43.7228, 10.4017], '57': [43.5485, 10.3106], '58': [42.7635, 11.1124], '59': [43.8777, 11.1022], '60': [43.6158, 13.5189],
  '61': [43.9098, 12.9131], '62': [43.3007, 13.4532], '63': [42.8536, 13.5749], '64': [42.6589, 13.704], '65': [42.4618, 14.2161],
  '66': [42.3512, 14.1675], '67': [42.3498, 13.3995], '70': [41.1171, 16.8719], '71': [41.4622, 15.5446], '72': [40.6327, 17.9418],
  '73': [40.3515, 18.175], '74': [40.4644, 17.247], '75': [40.6664, 16.6043], '76': [41.3199, 16.2839], '80': [40.8518, 14.2681],
  '81': [41.0748, 14.3329], '82': [41.1298, 14.7826], '83': [40.9146, 14.7906], '84': [40.6824, 14.7681], '85': [40.6404, 15.8056],
  '86': [41.5603, 14.6627], '87': [39.2983, 16.2537], '88': [38.9098, 16.5877], '89': [38.1113, 15.6473], '90': [38.1157, 13.3615],
  '91': [38.0176, 12.5365], '92': [37.3111, 13.5765], '93': [37.4901, 14.0624], '94': [37.567, 14.2796], '95': [37.5079, 15.083],
  '96': [37.0755, 15.2866], '97': [36.9269, 14.7255], '98': [38.1938, 15.554],
  // Municipalities that changed province and kept their CAP (geo.ts).
  '32047': [46.5667, 12.6833], '61013': [43.892, 12.511], '61014': [43.841, 12.36],
};

/** German Leitregionen (first two digits of the PLZ) at their main town; 05, 11, 43 and 62 are not in use. */
const GERMANY_ZONES: Record<string, [number, number]> = {
  '01': [51.0504, 13.7373], '02': [51.1814, 14.4242], '03': [51.7563, 14.3329], '04': [51.3397, 12.3731], '06': [51.4969, 11.9688],
  '07': [50.8765, 12.0807], '08': [50.7189, 12.4961], '09': [50.8278, 12.9214], '10': [52.52, 13.405], '12': [52.52, 13.405],
  '13': [52.52, 13.405], '14': [52.3906, 13.0645], '15': [52.3471, 14.5506], '16': [52.7545, 13.237], '17': [53.5568, 13.261],
  '18': [54.0924, 12.0991], '19': [53.6355, 11.4012], '20': [53.5511, 9.9937], '21': [53.2464, 10.4115], '22': [53.5511, 9.9937],
  '23': [53.8655, 10.6866], '24': [54.3233, 10.1228], '25': [53.9252, 9.5163], '26': [53.1435, 8.2146], '27': [53.5396, 8.5809],
  '28': [53.0793, 8.8017], '29': [52.6226, 10.0805], '30': [52.3759, 9.732], '31': [52.1508, 9.9511], '32': [52.1146, 8.6734],
  '33': [52.0302, 8.5325], '34': [51.3127, 9.4797], '35': [50.5841, 8.6784], '36': [50.5558, 9.6808], '37': [51.5413, 9.9158],
  '38': [52.2689, 10.5268], '39': [52.1205, 11.6276], '40': [51.2277, 6.7735], '41': [51.1805, 6.4428], '42': [51.2562, 7.1508],
  '44': [51.5136, 7.4653], '45': [51.4556, 7.0116], '46': [51.4963, 6.8638], '47': [51.4344, 6.7623], '48': [51.9607, 7.6261],
  '49': [52.2799, 8.0472], '50': [50.9375, 6.9603], '51': [50.9375, 6.9603], '52': [50.7753, 6.0839], '53': [50.7374, 7.0982],
  '54': [49.749, 6.6371], '55': [49.9929, 8.2473], '56': [50.3569, 7.589], '57': [50.8748, 8.0243], '58': [51.3671, 7.4633],
  '59': [51.6739, 7.815], '60': [50.1109, 8.6821], '61': [50.2268, 8.6182], '63': [50.0956, 8.7761], '64': [49.8728, 8.6512],
  '65': [50.0782, 8.2398], '66': [49.2402, 6.9969], '67': [49.4774, 8.4452], '68': [49.4875, 8.466], '69': [49.3988, 8.6724],
  '70': [48.7758, 9.1829], '71': [48.8975, 9.1922], '72': [48.5216, 9.0576], '73': [48.7406, 9.3108], '74': [49.1427, 9.2109],
  '75': [48.8922, 8.6946], '76': [49.0069, 8.4037], '77': [48.4708, 7.9408], '78': [48.0623, 8.4936], '79': [47.999, 7.8421],
  '80': [48.1351, 11.582], '81': [48.1351, 11.582], '82': [48.179, 11.255], '83': [47.8571, 12.1181], '84': [48.5442, 12.1469],
  '85': [48.7665, 11.4258], '86': [48.3705, 10.8978], '87': [47.7286, 10.3158], '88': [47.7818, 9.6128], '89': [48.4011, 9.9876],
  '90': [49.4521, 11.0767], '91': [49.5897, 11.012], '92': [49.4448, 11.8583], '93': [49.0134, 12.1016], '94': [48.5665, 13.4312],
  '95': [49.9456, 11.5713], '96': [49.8988, 10.9028], '97': [49.7913, 9.9534], '98': [50.6091, 10.6946], '99': [50.9848, 11.0299],
};

/** Prefix rows per country: Spain and France key them by prefix already, Portugal by district. */
function prefixCentres(): Record<string, Record<string, [number, number]>> {
  return { ES: SPAIN_CAPITALS, PT: portugalPrefixes(), FR: FRANCE_PREFECTURES, IT: ITALY_PROVINCES, DE: GERMANY_ZONES };
}

/** Each postal prefix of a Portuguese district of geo.ts, at the capital of its main district. */
function portugalPrefixes(): Record<string, [number, number]> {
  return Object.fromEntries(Object.entries(PORTUGAL_MAIN_PREFIXES).map(([prefix, district]) => [prefix, PORTUGAL_CAPITALS[district]!] as const));
}

const e6 = (degrees: number): number => Math.round(degrees * 1e6);

/** `shipping_points` rows. */
export function shippingPointRows(): SeedRow[] {
  return SHIPPING_POINTS.map((p) => ({
    id: p.id,
    country_iso: p.countryIso,
    carrier: p.carrier,
    name: p.name,
    address: p.address,
    postal_code: p.postalCode,
    city: p.city,
    latitude_e6: e6(p.latitude),
    longitude_e6: e6(p.longitude),
    max_weight_grams: p.maxWeightGrams,
    opening_hours: JSON.stringify(p.openingHours),
    active: p.active === false ? 0 : 1,
  }));
}

/** `postal_code_locations` rows: whole codes, then prefixes, per country. */
export function postalCodeLocationRows(): SeedRow[] {
  const prefixes = prefixCentres();
  return Object.keys(prefixes).flatMap((iso) =>
    [...Object.entries(POSTAL_CODES[iso] ?? {}), ...Object.entries(prefixes[iso]!)].map(([code, [latitude, longitude]]) => ({
      country_iso: iso,
      postal_code: code,
      latitude_e6: e6(latitude),
      longitude_e6: e6(longitude),
    })),
  );
}
