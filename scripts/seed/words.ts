/**
 * Shared vocabulary for product texts: spec labels as they read mid-sentence, the opening,
 * condition and closing sentences of product descriptions, and name endings. Six-language
 * tuples follow LANGS order (es, en, fr, pt, it, de).
 */
import type { L6 } from './text';

/** Spec labels as they appear inside a sentence (German nouns keep their capital). */
export const SPEC_LABELS: Record<string, L6> = {
  screen: ['pantalla', 'screen', 'écran', 'ecrã', 'schermo', 'Display'],
  cpu: ['procesador', 'processor', 'processeur', 'processador', 'processore', 'Prozessor'],
  ram: ['memoria RAM', 'RAM', 'mémoire vive', 'memória RAM', 'memoria RAM', 'Arbeitsspeicher'],
  storage: ['almacenamiento', 'storage', 'stockage', 'armazenamento', 'archiviazione', 'Speicher'],
  os: ['sistema operativo', 'operating system', "système d'exploitation", 'sistema operativo', 'sistema operativo', 'Betriebssystem'],
  gpu: ['gráfica', 'graphics', 'carte graphique', 'placa gráfica', 'scheda video', 'Grafik'],
  refresh: ['frecuencia de refresco', 'refresh rate', 'fréquence de rafraîchissement', 'taxa de atualização', 'frequenza di aggiornamento', 'Bildwiederholrate'],
  layout: ['distribución', 'layout', 'disposition', 'disposição', 'layout', 'Layout'],
  form: ['formato', 'form factor', 'format', 'formato', 'formato', 'Formfaktor'],
  connectivity: ['conectividad', 'connectivity', 'connectivité', 'conectividade', 'connettività', 'Konnektivität'],
  switches: ['interruptores', 'switches', 'switchs', 'switches', 'switch', 'Switches'],
  dpi: ['sensibilidad', 'sensitivity', 'sensibilité', 'sensibilidade', 'sensibilità', 'Auflösung'],
  resolution: ['resolución', 'resolution', 'résolution', 'resolução', 'risoluzione', 'Auflösung'],
  fps: ['fotogramas por segundo', 'frame rate', 'images par seconde', 'fotogramas por segundo', 'frame rate', 'Bildrate'],
  panel: ['panel', 'panel', 'dalle', 'painel', 'pannello', 'Panel'],
  ppm: ['velocidad de impresión', 'print speed', "vitesse d'impression", 'velocidade de impressão', 'velocità di stampa', 'Druckgeschwindigkeit'],
  platform: ['plataforma', 'platform', 'plateforme', 'plataforma', 'piattaforma', 'Plattform'],
  devices: ['dispositivos', 'devices', 'appareils', 'dispositivos', 'dispositivi', 'Geräte'],
  chip: ['chip gráfico', 'graphics chip', 'puce graphique', 'chip gráfico', 'chip grafico', 'Grafikchip'],
  vram: ['memoria de vídeo', 'video memory', 'mémoire vidéo', 'memória de vídeo', 'memoria video', 'Grafikspeicher'],
  interface: ['interfaz', 'interface', 'interface', 'interface', 'interfaccia', 'Schnittstelle'],
  cores: ['núcleos', 'cores', 'cœurs', 'núcleos', 'core', 'Kerne'],
  boost: ['frecuencia turbo', 'boost clock', 'fréquence boost', 'frequência turbo', 'frequenza turbo', 'Boost-Takt'],
  socket: ['socket', 'socket', 'socket', 'socket', 'socket', 'Sockel'],
  capacity: ['capacidad', 'capacity', 'capacité', 'capacidade', 'capacità', 'Kapazität'],
  memtype: ['tipo y velocidad', 'type and speed', 'type et fréquence', 'tipo e velocidade', 'tipo e velocità', 'Typ und Takt'],
  read: ['lectura secuencial', 'sequential read', 'lecture séquentielle', 'leitura sequencial', 'lettura sequenziale', 'sequenzielles Lesen'],
  chipset: ['chipset', 'chipset', 'chipset', 'chipset', 'chipset', 'Chipsatz'],
  power: ['potencia', 'power', 'puissance', 'potência', 'potenza', 'Leistung'],
  cert: ['certificación', 'certification', 'certification', 'certificação', 'certificazione', 'Zertifizierung'],
  camera: ['cámara principal', 'main camera', 'appareil photo principal', 'câmara principal', 'fotocamera principale', 'Hauptkamera'],
  network: ['red', 'network', 'réseau', 'rede', 'rete', 'Mobilfunk'],
  case: ['caja', 'case size', 'boîtier', 'caixa', 'cassa', 'Gehäuse'],
  hdr: ['HDR', 'HDR', 'HDR', 'HDR', 'HDR', 'HDR'],
  channels: ['canales', 'channels', 'canaux', 'canais', 'canali', 'Kanäle'],
  battery: ['autonomía', 'battery life', 'autonomie', 'autonomia', 'autonomia', 'Akkulaufzeit'],
  codec: ['códecs', 'codecs', 'codecs', 'codecs', 'codec', 'Codecs'],
  protection: ['protección', 'protection', 'protection', 'proteção', 'protezione', 'Schutzklasse'],
  brightness: ['brillo', 'brightness', 'luminosité', 'brilho', 'luminosità', 'Helligkeit'],
  maxload: ['carga máxima', 'maximum load', 'charge maximale', 'carga máxima', 'portata massima', 'max. Belastbarkeit'],
  recline: ['reclinado', 'recline', 'inclinaison', 'reclinação', 'reclinazione', 'Neigung'],
  pegi: ['clasificación por edades', 'age rating', "classification d'âge", 'classificação etária', 'classificazione per età', 'Altersfreigabe'],
  height: ['altura', 'height', 'hauteur', 'altura', 'altezza', 'Höhe'],
  energy: ['clase energética', 'energy class', 'classe énergétique', 'classe energética', 'classe energetica', 'Energieeffizienzklasse'],
  load: ['carga', 'load capacity', 'capacité de charge', 'capacidade de carga', 'capacità di carico', 'Fassungsvermögen'],
  spin: ['centrifugado', 'spin speed', 'essorage', 'centrifugação', 'centrifuga', 'Schleuderdrehzahl'],
  width: ['ancho', 'width', 'largeur', 'largura', 'larghezza', 'Breite'],
  place: ['servicios', 'place settings', 'couverts', 'serviços', 'coperti', 'Maßgedecke'],
  noise: ['nivel sonoro', 'noise level', 'niveau sonore', 'nível de ruído', 'rumorosità', 'Geräuschpegel'],
  suction: ['potencia de succión', 'suction power', "puissance d'aspiration", 'potência de sucção', 'potenza di aspirazione', 'Saugleistung'],
  runtime: ['autonomía', 'runtime', 'autonomie', 'autonomia', 'autonomia', 'Laufzeit'],
  pressure: ['presión', 'pressure', 'pression', 'pressão', 'pressione', 'Pumpendruck'],
  tank: ['depósito de agua', 'water tank', "réservoir d'eau", 'depósito de água', "serbatoio dell'acqua", 'Wassertank'],
  sensor: ['sensor', 'sensor', 'capteur', 'sensor', 'sensore', 'Sensor'],
  video: ['vídeo', 'video', 'vidéo', 'vídeo', 'video', 'Video'],
  mount: ['montura', 'mount', 'monture', 'encaixe', 'attacco', 'Bajonett'],
  filter: ['diámetro de filtro', 'filter thread', 'diamètre de filtre', 'diâmetro do filtro', 'diametro del filtro', 'Filtergewinde'],
  waterproof: ['sumergible hasta', 'waterproof to', "étanche jusqu'à", 'submersível até', 'impermeabile fino a', 'wasserdicht bis'],
  flight: ['autonomía de vuelo', 'flight time', 'autonomie en vol', 'autonomia de voo', 'autonomia di volo', 'Flugzeit'],
  wifi: ['Wi-Fi', 'Wi-Fi', 'Wi-Fi', 'Wi-Fi', 'Wi-Fi', 'WLAN'],
  ports: ['puertos', 'ports', 'ports', 'portas', 'porte', 'Anschlüsse'],
  units: ['unidades', 'units', 'unités', 'unidades', 'unità', 'Einheiten'],
  speed: ['velocidad', 'speed', 'débit', 'velocidade', 'velocità', 'Geschwindigkeit'],
  poe: ['PoE', 'PoE', 'PoE', 'PoE', 'PoE', 'PoE'],
};

/** Opening sentences of a product description ({series}, {brand}, {model} = brand + series, {benefit}). */
export const INTROS: L6[] = [
  [
    'Con el modelo {series}, {brand} ofrece una opción muy completa para quienes buscan {benefit}.',
    'With the {series}, {brand} offers a well-rounded choice for anyone looking for {benefit}.',
    'Avec le modèle {series}, {brand} propose un choix très complet à tous ceux qui recherchent {benefit}.',
    'Com o modelo {series}, a {brand} oferece uma opção muito completa para quem procura {benefit}.',
    'Con il modello {series}, {brand} offre una soluzione completa per chi cerca {benefit}.',
    'Mit dem Modell {series} bietet {brand} eine rundum gelungene Wahl für alle, die {benefit} suchen.',
  ],
  [
    'Para quienes buscan {benefit}, el modelo {model} es una apuesta segura.',
    'For anyone looking for {benefit}, the {model} is a safe bet.',
    'Pour tous ceux qui recherchent {benefit}, le modèle {model} est une valeur sûre.',
    'Para quem procura {benefit}, o modelo {model} é uma aposta segura.',
    'Per chi cerca {benefit}, il modello {model} è una scelta sicura.',
    'Für alle, die {benefit} suchen, ist das Modell {model} eine sichere Wahl.',
  ],
  [
    '{brand} firma el modelo {series}, una propuesta pensada para quienes buscan {benefit}.',
    'The {series} from {brand} is designed for anyone looking for {benefit}.',
    'Signé {brand}, le modèle {series} a été conçu pour tous ceux qui recherchent {benefit}.',
    'O modelo {series} da {brand} foi pensado para quem procura {benefit}.',
    'Firmato {brand}, il modello {series} è pensato per chi cerca {benefit}.',
    'Das Modell {series} von {brand} wurde für alle entwickelt, die {benefit} suchen.',
  ],
];

/** Lead-in of the spec summary sentence. */
export const SPECS_LEAD: L6 = ['Características principales', 'Key specifications', 'Caractéristiques principales', 'Principais características', 'Caratteristiche principali', 'Die wichtigsten Merkmale'];

/** Sentences about the article type; a type without an entry adds nothing. */
export const TYPE_SENTENCES: Record<string, L6> = {
  digital: [
    'Producto digital: recibirás el código de activación por correo electrónico en cuanto se confirme el pago.',
    'Digital product: you will receive the activation code by email as soon as your payment is confirmed.',
    "Produit numérique : vous recevrez le code d'activation par e-mail dès la confirmation du paiement.",
    'Produto digital: receberá o código de ativação por e-mail assim que o pagamento for confirmado.',
    'Prodotto digitale: riceverai il codice di attivazione via e-mail non appena il pagamento sarà confermato.',
    'Digitales Produkt: Sie erhalten den Aktivierungscode per E-Mail, sobald Ihre Zahlung bestätigt ist.',
  ],
  'drop-shipping': [
    'Este artículo se envía directamente desde el almacén del proveedor, por lo que puede llegar en un paquete aparte.',
    "This item ships directly from the supplier's warehouse, so it may arrive in a separate parcel.",
    "Cet article est expédié directement depuis l'entrepôt du fournisseur et peut donc arriver dans un colis séparé.",
    'Este artigo é enviado diretamente do armazém do fornecedor, pelo que pode chegar numa embalagem separada.',
    'Questo articolo viene spedito direttamente dal magazzino del fornitore, quindi potrebbe arrivare in un pacco separato.',
    'Dieser Artikel wird direkt aus dem Lager des Lieferanten verschickt und kann daher in einem separaten Paket ankommen.',
  ],
  compound: [
    'Este pack reúne el producto y sus accesorios más útiles a un precio conjunto más ventajoso.',
    'This bundle brings together the product and its most useful accessories at a better combined price.',
    'Ce pack réunit le produit et ses accessoires les plus utiles à un prix global plus avantageux.',
    'Este pack junta o produto e os acessórios mais úteis a um preço conjunto mais vantajoso.',
    'Questo bundle riunisce il prodotto e gli accessori più utili a un prezzo complessivo più conveniente.',
    'Dieses Bundle vereint das Produkt und das passende Zubehör zu einem günstigeren Gesamtpreis.',
  ],
  deal: [
    'Oferta por tiempo limitado: el precio especial se mantiene hasta agotar existencias.',
    'Limited-time deal: the special price applies while stocks last.',
    "Offre à durée limitée : le prix spécial s'applique dans la limite des stocks disponibles.",
    'Oferta por tempo limitado: o preço especial mantém-se até esgotar o stock.',
    'Offerta a tempo limitato: il prezzo speciale è valido fino a esaurimento scorte.',
    'Zeitlich begrenztes Angebot: Der Sonderpreis gilt, solange der Vorrat reicht.',
  ],
  refurbished: [
    'Unidad reacondicionada: revisada, limpiada y probada por nuestros técnicos antes de volver a la venta, con garantía incluida.',
    'Refurbished unit: inspected, cleaned and tested by our technicians before going back on sale, with a warranty included.',
    'Produit reconditionné : contrôlé, nettoyé et testé par nos techniciens avant sa remise en vente, garantie incluse.',
    'Unidade recondicionada: verificada, limpa e testada pelos nossos técnicos antes de voltar à venda, com garantia incluída.',
    'Prodotto ricondizionato: controllato, pulito e testato dai nostri tecnici prima di tornare in vendita, con garanzia inclusa.',
    'Generalüberholtes Gerät: von unseren Technikern geprüft, gereinigt und getestet, bevor es wieder in den Verkauf geht, inklusive Garantie.',
  ],
  recertified: [
    'Unidad recertificada por el fabricante, con batería y componentes verificados según sus estándares originales.',
    'Recertified by the manufacturer, with battery and components checked against the original standards.',
    "Produit recertifié par le fabricant, avec batterie et composants vérifiés selon les normes d'origine.",
    'Unidade recertificada pelo fabricante, com bateria e componentes verificados segundo os padrões originais.',
    'Prodotto ricertificato dal produttore, con batteria e componenti verificati secondo gli standard originali.',
    'Vom Hersteller rezertifiziert, Akku und Komponenten nach den Originalstandards geprüft.',
  ],
  cpo: [
    'Seminuevo certificado (CPO): procede de devoluciones o de exposición y se vende con garantía completa.',
    'Certified pre-owned (CPO): sourced from returns or display stock and sold with a full warranty.',
    "Occasion certifiée (CPO) : issu de retours ou d'exposition, vendu avec une garantie complète.",
    'Seminovo certificado (CPO): proveniente de devoluções ou de exposição e vendido com garantia completa.',
    'Usato certificato (CPO): proviene da resi o da esposizione ed è venduto con garanzia completa.',
    'Zertifizierte Gebrauchtware (CPO): stammt aus Retouren oder Ausstellungsstücken und wird mit voller Garantie verkauft.',
  ],
  'own-stock': [
    'Disponible en nuestro almacén: lo preparamos y lo enviamos nosotros mismos.',
    'In stock in our own warehouse: we pack and ship it ourselves.',
    "Disponible dans notre entrepôt : nous le préparons et l'expédions nous-mêmes.",
    'Disponível no nosso armazém: somos nós que o preparamos e enviamos.',
    'Disponibile nel nostro magazzino: lo prepariamo e lo spediamo noi.',
    'Vorrätig in unserem Logistikzentrum: Wir verpacken und versenden es selbst.',
  ],
  'own-stock-variation': [
    'Disponible en nuestro almacén en varias configuraciones: elige la que mejor se adapte a ti.',
    'Available from our warehouse in several configurations: choose the one that suits you best.',
    'Disponible dans notre entrepôt en plusieurs configurations : choisissez celle qui vous convient le mieux.',
    'Disponível no nosso armazém em várias configurações: escolha a que melhor se adapta a si.',
    'Disponibile nel nostro magazzino in diverse configurazioni: scegli quella più adatta a te.',
    'In mehreren Konfigurationen vorrätig: Wählen Sie die Variante, die am besten zu Ihnen passt.',
  ],
  'marketplace-offer': [
    'Vendido por tiendas de nuestro marketplace y protegido por la garantía de compra de Ampora.',
    'Sold by shops on our marketplace and covered by the Ampora purchase guarantee.',
    "Vendu par des boutiques de notre marketplace et couvert par la garantie d'achat Ampora.",
    'Vendido por lojas do nosso marketplace e protegido pela garantia de compra Ampora.',
    "Venduto dai negozi del nostro marketplace e coperto dalla garanzia d'acquisto Ampora.",
    'Verkauft von Shops auf unserem Marktplatz und abgesichert durch die Ampora-Käufergarantie.',
  ],
};
TYPE_SENTENCES.reaconditioned = TYPE_SENTENCES.refurbished!;

/** What each cosmetic grade means. */
export const GRADE_SENTENCES: Record<string, L6> = {
  'Reaconditioned-A': ['Grado A: estado estético excelente, prácticamente sin marcas de uso.', 'Grade A: excellent cosmetic condition with virtually no signs of use.', "Grade A : excellent état esthétique, pratiquement sans traces d'usage.", 'Grau A: estado estético excelente, praticamente sem marcas de uso.', "Grado A: condizioni estetiche eccellenti, praticamente senza segni d'uso.", 'Zustand A: optisch hervorragend, praktisch ohne Gebrauchsspuren.'],
  'Reaconditioned-B': ['Grado B: puede presentar pequeñas marcas de uso apenas visibles.', 'Grade B: may show light, barely visible signs of use.', "Grade B : peut présenter de légères traces d'usage à peine visibles.", 'Grau B: pode apresentar pequenas marcas de uso pouco visíveis.', "Grado B: può presentare lievi segni d'uso appena visibili.", 'Zustand B: kann leichte, kaum sichtbare Gebrauchsspuren aufweisen.'],
  'Reaconditioned-C': ['Grado C: presenta marcas de uso visibles que no afectan a su funcionamiento.', 'Grade C: shows visible signs of use that do not affect how it works.', "Grade C : présente des traces d'usage visibles qui n'affectent pas son fonctionnement.", 'Grau C: apresenta marcas de uso visíveis que não afetam o seu funcionamento.', "Grado C: presenta segni d'uso visibili che non ne compromettono il funzionamento.", 'Zustand C: weist sichtbare Gebrauchsspuren auf, die die Funktion nicht beeinträchtigen.'],
};

/** Closing sentences for physical goods. */
export const CLOSINGS: L6[] = [
  [
    'Tienes 30 días para devolverlo si no te convence, y puedes pagar con tarjeta, transferencia, PayPal o financiación.',
    'You have 30 days to return it if you change your mind, and you can pay by card, bank transfer, PayPal or finance.',
    "Vous disposez de 30 jours pour le retourner s'il ne vous convient pas, et vous pouvez payer par carte, virement, PayPal ou en plusieurs fois.",
    'Tem 30 dias para o devolver se não ficar satisfeito e pode pagar com cartão, transferência, PayPal ou Multibanco.',
    'Hai 30 giorni per restituirlo se non ti convince e puoi pagare con carta, bonifico, PayPal o a rate.',
    'Sie haben 30 Tage Zeit für eine Rückgabe und können per Karte, Überweisung, PayPal oder Finanzierung bezahlen.',
  ],
  [
    'Recíbelo en casa en pocos días o recógelo en una de nuestras tiendas.',
    'Have it delivered to your door in just a few days, with real-time tracking.',
    'Faites-vous livrer à domicile en quelques jours seulement, avec un suivi en temps réel.',
    'Receba-o em casa em poucos dias, com acompanhamento da encomenda em tempo real.',
    'Ricevilo a casa in pochi giorni, con tracciamento della spedizione in tempo reale.',
    'Lassen Sie es sich in wenigen Tagen bequem nach Hause liefern, mit Sendungsverfolgung in Echtzeit.',
  ],
];

/** Name endings for refurbished grades ({grade} is A, B or C) and for bundles. */
export const REFURBISHED_SUFFIX: L6 = ['(Reacondicionado, grado {grade})', '(Refurbished, Grade {grade})', '(Reconditionné, grade {grade})', '(Recondicionado, grau {grade})', '(Ricondizionato, grado {grade})', '(Generalüberholt, Zustand {grade})'];
export const BUNDLE_SUFFIX: L6 = ['(pack con accesorios)', '(bundle with accessories)', '(pack avec accessoires)', '(pack com acessórios)', '(bundle con accessori)', '(Bundle mit Zubehör)'];
