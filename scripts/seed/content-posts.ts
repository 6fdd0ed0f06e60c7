/**
 * Blog content: tags, the hand-written themed posts and the families that get a buying guide.
 * `{year}` in a title is replaced by the catalogue's current year.
 */
import type { L6 } from './text';

export const TAGS: { key: string; name: L6 }[] = [
  { key: 'buying-guides', name: ['Guías de compra', 'Buying guides', "Guides d'achat", 'Guias de compra', "Guide all'acquisto", 'Kaufberatung'] },
  { key: 'deals', name: ['Ofertas', 'Deals', 'Bons plans', 'Promoções', 'Offerte', 'Angebote'] },
  { key: 'gaming', name: ['Gaming', 'Gaming', 'Gaming', 'Gaming', 'Gaming', 'Gaming'] },
  { key: 'smart-home', name: ['Hogar inteligente', 'Smart home', 'Maison connectée', 'Casa inteligente', 'Casa smart', 'Smart Home'] },
  { key: 'refurbished', name: ['Reacondicionados', 'Refurbished', 'Reconditionné', 'Recondicionados', 'Ricondizionati', 'Refurbished'] },
  { key: 'home-office', name: ['Teletrabajo', 'Working from home', 'Télétravail', 'Teletrabalho', 'Smart working', 'Homeoffice'] },
  { key: 'photography', name: ['Fotografía', 'Photography', 'Photographie', 'Fotografia', 'Fotografia', 'Fotografie'] },
  { key: 'sustainability', name: ['Sostenibilidad', 'Sustainability', 'Développement durable', 'Sustentabilidade', 'Sostenibilità', 'Nachhaltigkeit'] },
  { key: 'tips', name: ['Consejos', 'Tips', 'Conseils', 'Conselhos', 'Consigli', 'Tipps'] },
  { key: 'connectivity', name: ['Conectividad', 'Connectivity', 'Connectivité', 'Conectividade', 'Connettività', 'Konnektivität'] },
];

/** Families with a buying guide, and the extra tag each guide gets besides 'buying-guides'. */
export const GUIDE_KINDS: [kind: string, tag: string][] = [
  ['gaming-laptop', 'gaming'], ['ultrabook', 'home-office'], ['monitor', 'home-office'], ['tablet', 'tips'],
  ['gpu', 'gaming'], ['ssd', 'tips'], ['smartphone', 'tips'], ['smartwatch', 'tips'],
  ['tv', 'tips'], ['soundbar', 'smart-home'], ['headphones', 'home-office'], ['console', 'gaming'],
  ['washer', 'smart-home'], ['robot-vacuum', 'smart-home'], ['coffee', 'smart-home'], ['camera', 'photography'],
];

export interface ThemedPost {
  key: string;
  tags: string[];
  title: L6;
  excerpt: L6;
  body: L6;
}

export const THEMED_POSTS: ThemedPost[] = [
  {
    key: 'black-friday-tips',
    tags: ['deals', 'tips'],
    title: ['Black Friday {year}: cómo aprovechar las mejores ofertas en tecnología', 'Black Friday {year}: how to get the best tech deals', 'Black Friday {year} : comment profiter des meilleures offres high-tech', 'Black Friday {year}: como aproveitar as melhores promoções de tecnologia', 'Black Friday {year}: come approfittare delle migliori offerte tech', 'Black Friday {year}: So sichern Sie sich die besten Technik-Angebote'],
    excerpt: [
      'Haz una lista, revisa el historial de precios y compara vendedores: nuestros consejos para comprar tecnología en Black Friday sin arrepentirte.',
      'Make a list, check price histories and compare sellers: our tips for buying tech on Black Friday without regrets.',
      "Faites une liste, consultez l'historique des prix et comparez les vendeurs : nos conseils pour acheter malin pendant le Black Friday.",
      'Faça uma lista, consulte o histórico de preços e compare vendedores: os nossos conselhos para comprar tecnologia na Black Friday sem arrependimentos.',
      'Prepara una lista, controlla lo storico dei prezzi e confronta i venditori: i nostri consigli per comprare tecnologia al Black Friday senza pentimenti.',
      'Liste schreiben, Preisverlauf prüfen, Händler vergleichen: unsere Tipps für einen entspannten Technik-Einkauf am Black Friday.',
    ],
    body: [
      '<p>El Black Friday es el mejor momento del año para renovar tu tecnología, pero también es cuando resulta más fácil dejarse llevar. Un poco de planificación marca la diferencia.</p><h2>Antes del gran día</h2><ul><li>Haz una lista de lo que de verdad necesitas y fija un presupuesto.</li><li>Añade productos a tu lista de deseos para saber cuándo baja su precio.</li><li>Fíjate en el precio más bajo de los últimos 30 días que mostramos en cada ficha.</li></ul><h2>Al comparar ofertas</h2><p>No mires solo el precio: el plazo de entrega, la valoración del vendedor y la garantía también cuentan. En las ofertas de marketplace, comprueba quién envía el producto.</p>',
      "<p>Black Friday is the best time of year to upgrade your tech, but it is also when it is easiest to get carried away. A little planning makes all the difference.</p><h2>Before the big day</h2><ul><li>Make a list of what you really need and set a budget.</li><li>Add products to your wishlist to find out when their price drops.</li><li>Check the lowest price of the last 30 days, shown on every product page.</li></ul><h2>When comparing offers</h2><p>Look beyond the price: delivery time, the seller's rating and the warranty matter too. For marketplace offers, check who ships the product.</p>",
      "<p>Le Black Friday est le meilleur moment de l'année pour renouveler votre équipement, mais c'est aussi celui où l'on se laisse le plus facilement emporter. Un peu d'organisation fait toute la différence.</p><h2>Avant le jour J</h2><ul><li>Dressez la liste de ce dont vous avez vraiment besoin et fixez-vous un budget.</li><li>Ajoutez des produits à votre liste d'envies pour savoir quand leur prix baisse.</li><li>Regardez le prix le plus bas des 30 derniers jours, affiché sur chaque fiche produit.</li></ul><h2>Pour comparer les offres</h2><p>Ne regardez pas seulement le prix : le délai de livraison, la note du vendeur et la garantie comptent aussi. Pour les offres marketplace, vérifiez qui expédie le produit.</p>",
      '<p>A Black Friday é a melhor altura do ano para renovar a sua tecnologia, mas é também quando é mais fácil deixar-se levar. Um pouco de planeamento faz toda a diferença.</p><h2>Antes do grande dia</h2><ul><li>Faça uma lista do que realmente precisa e defina um orçamento.</li><li>Adicione produtos à sua lista de desejos para saber quando o preço baixa.</li><li>Veja o preço mais baixo dos últimos 30 dias, indicado em cada página de produto.</li></ul><h2>Ao comparar ofertas</h2><p>Não olhe só para o preço: o prazo de entrega, a avaliação do vendedor e a garantia também contam. Nas ofertas do marketplace, confirme quem envia o produto.</p>',
      "<p>Il Black Friday è il momento migliore dell'anno per rinnovare la tua tecnologia, ma è anche quello in cui è più facile farsi prendere la mano. Un po' di organizzazione fa tutta la differenza.</p><h2>Prima del grande giorno</h2><ul><li>Fai una lista di ciò che ti serve davvero e stabilisci un budget.</li><li>Aggiungi i prodotti alla tua lista dei desideri per sapere quando il prezzo scende.</li><li>Controlla il prezzo più basso degli ultimi 30 giorni, indicato in ogni scheda prodotto.</li></ul><h2>Quando confronti le offerte</h2><p>Non guardare solo il prezzo: anche i tempi di consegna, la valutazione del venditore e la garanzia contano. Nelle offerte del marketplace, verifica chi spedisce il prodotto.</p>",
      '<p>Der Black Friday ist die beste Zeit des Jahres, um die eigene Technik zu erneuern, aber auch die Zeit, in der man sich am leichtesten mitreißen lässt. Ein wenig Planung macht den Unterschied.</p><h2>Vor dem großen Tag</h2><ul><li>Schreiben Sie auf, was Sie wirklich brauchen, und legen Sie ein Budget fest.</li><li>Setzen Sie Produkte auf Ihre Wunschliste, um zu sehen, wann der Preis sinkt.</li><li>Achten Sie auf den niedrigsten Preis der letzten 30 Tage, der auf jeder Produktseite steht.</li></ul><h2>Beim Vergleichen von Angeboten</h2><p>Schauen Sie nicht nur auf den Preis: Lieferzeit, Händlerbewertung und Garantie zählen ebenfalls. Prüfen Sie bei Marktplatz-Angeboten, wer das Produkt versendet.</p>',
    ],
  },
  {
    key: 'new-or-refurbished',
    tags: ['refurbished', 'sustainability'],
    title: ['¿Nuevo o reacondicionado? Lo que debes saber antes de comprar', 'New or refurbished? What to know before you buy', "Neuf ou reconditionné ? Ce qu'il faut savoir avant d'acheter", 'Novo ou recondicionado? O que deve saber antes de comprar', 'Nuovo o ricondizionato? Cosa sapere prima di acquistare', 'Neu oder generalüberholt? Das sollten Sie vor dem Kauf wissen'],
    excerpt: [
      'Los dispositivos reacondicionados pueden ahorrarte mucho dinero. Te explicamos los grados y qué significa cada uno.',
      'Refurbished devices can save you a lot of money. We explain the grades and what each one means.',
      'Les appareils reconditionnés permettent de faire de belles économies. Nous vous expliquons les grades et leur signification.',
      'Os equipamentos recondicionados podem poupar-lhe muito dinheiro. Explicamos os graus e o que significa cada um.',
      'I dispositivi ricondizionati possono farti risparmiare molto. Ti spieghiamo i gradi e cosa significa ciascuno.',
      'Generalüberholte Geräte können viel Geld sparen. Wir erklären die Zustandsklassen und was sie bedeuten.',
    ],
    body: [
      '<p>Un producto reacondicionado es un dispositivo devuelto o usado que se revisa, se repara si hace falta y se prueba antes de volver a la venta. Es una forma inteligente de ahorrar y de alargar la vida de la electrónica.</p><h2>Los tres grados</h2><ul><li><strong>Grado A</strong>: prácticamente sin marcas de uso.</li><li><strong>Grado B</strong>: pequeñas marcas apenas visibles.</li><li><strong>Grado C</strong>: marcas visibles que no afectan al funcionamiento.</li></ul><p>Todos los reacondicionados que vendemos tienen garantía, y puedes devolverlos en 30 días igual que un producto nuevo.</p>',
      '<p>A refurbished product is a returned or used device that has been inspected, repaired where necessary and tested before going back on sale. It is a smart way to save money and extend the life of electronics.</p><h2>The three grades</h2><ul><li><strong>Grade A</strong>: virtually no signs of use.</li><li><strong>Grade B</strong>: light marks that are barely visible.</li><li><strong>Grade C</strong>: visible marks that do not affect how it works.</li></ul><p>Every refurbished product we sell comes with a warranty, and you can return it within 30 days just like a new one.</p>',
      "<p>Un produit reconditionné est un appareil retourné ou d'occasion qui a été contrôlé, réparé si nécessaire et testé avant d'être remis en vente. C'est une façon intelligente de faire des économies et de prolonger la durée de vie de l'électronique.</p><h2>Les trois grades</h2><ul><li><strong>Grade A</strong> : pratiquement aucune trace d'usage.</li><li><strong>Grade B</strong> : de légères marques à peine visibles.</li><li><strong>Grade C</strong> : des marques visibles qui n'affectent pas le fonctionnement.</li></ul><p>Tous les produits reconditionnés que nous vendons sont garantis, et vous pouvez les retourner sous 30 jours, comme un produit neuf.</p>",
      '<p>Um produto recondicionado é um equipamento devolvido ou usado que foi verificado, reparado quando necessário e testado antes de voltar à venda. É uma forma inteligente de poupar e de prolongar a vida útil da eletrónica.</p><h2>Os três graus</h2><ul><li><strong>Grau A</strong>: praticamente sem marcas de uso.</li><li><strong>Grau B</strong>: pequenas marcas pouco visíveis.</li><li><strong>Grau C</strong>: marcas visíveis que não afetam o funcionamento.</li></ul><p>Todos os recondicionados que vendemos têm garantia e pode devolvê-los no prazo de 30 dias, tal como um produto novo.</p>',
      "<p>Un prodotto ricondizionato è un dispositivo reso o usato che è stato controllato, riparato se necessario e testato prima di tornare in vendita. È un modo intelligente per risparmiare e allungare la vita dell'elettronica.</p><h2>I tre gradi</h2><ul><li><strong>Grado A</strong>: praticamente nessun segno d'uso.</li><li><strong>Grado B</strong>: lievi segni appena visibili.</li><li><strong>Grado C</strong>: segni visibili che non ne compromettono il funzionamento.</li></ul><p>Tutti i ricondizionati che vendiamo sono coperti da garanzia e puoi restituirli entro 30 giorni, proprio come un prodotto nuovo.</p>",
      '<p>Ein generalüberholtes Produkt ist ein zurückgegebenes oder gebrauchtes Gerät, das geprüft, bei Bedarf repariert und getestet wurde, bevor es wieder in den Verkauf geht. Das spart Geld und verlängert die Lebensdauer von Elektronik.</p><h2>Die drei Zustandsklassen</h2><ul><li><strong>Zustand A</strong>: praktisch keine Gebrauchsspuren.</li><li><strong>Zustand B</strong>: leichte, kaum sichtbare Spuren.</li><li><strong>Zustand C</strong>: sichtbare Spuren, die die Funktion nicht beeinträchtigen.</li></ul><p>Alle generalüberholten Produkte bei uns haben Garantie, und Sie können sie wie ein neues Produkt innerhalb von 30 Tagen zurückgeben.</p>',
    ],
  },
  {
    key: 'wifi-7',
    tags: ['connectivity', 'smart-home'],
    title: ['Wi-Fi 7: qué es y cuándo merece la pena cambiar de router', 'Wi-Fi 7 explained: is it worth upgrading your router?', "Wi-Fi 7 : qu'est-ce que c'est et faut-il changer de routeur ?", 'Wi-Fi 7: o que é e quando vale a pena trocar de router', "Wi-Fi 7: che cos'è e quando conviene cambiare router", 'Wi-Fi 7 erklärt: Lohnt sich ein neuer Router?'],
    excerpt: [
      'Más velocidad, menos latencia y mejor rendimiento con muchos dispositivos. Descubre si el Wi-Fi 7 tiene sentido en tu casa.',
      'Faster speeds, lower latency and better performance with lots of devices. Find out whether Wi-Fi 7 makes sense for your home.',
      'Plus de débit, moins de latence et de meilleures performances avec de nombreux appareils. Découvrez si le Wi-Fi 7 est fait pour votre logement.',
      'Mais velocidade, menos latência e melhor desempenho com muitos dispositivos. Descubra se o Wi-Fi 7 faz sentido em sua casa.',
      'Più velocità, meno latenza e prestazioni migliori con tanti dispositivi. Scopri se il Wi-Fi 7 fa al caso tuo.',
      'Mehr Tempo, weniger Latenz und bessere Leistung bei vielen Geräten. Finden Sie heraus, ob Wi-Fi 7 für Ihr Zuhause sinnvoll ist.',
    ],
    body: [
      '<p>El Wi-Fi 7 es la última generación de redes inalámbricas. Puede usar varias bandas a la vez y canales más anchos, lo que se traduce en más velocidad y menos latencia cuando hay muchos dispositivos conectados.</p><h2>A quién le compensa</h2><ul><li>Hogares con fibra de 1 Gbps o más.</li><li>Jugadores y creadores que necesitan la mínima latencia.</li><li>Viviendas grandes, sobre todo con un sistema mesh.</li></ul><p>Si tus dispositivos todavía usan Wi-Fi 5 o Wi-Fi 6, un router Wi-Fi 7 funcionará con ellos, pero solo notarás todas sus ventajas con móviles y portátiles compatibles.</p>',
      '<p>Wi-Fi 7 is the latest generation of wireless networking. It can use several bands at once and wider channels, which means more speed and lower latency when many devices are connected.</p><h2>Who benefits most</h2><ul><li>Homes with a fibre connection of 1 Gbps or more.</li><li>Gamers and creators who need minimal latency.</li><li>Large homes, especially with a mesh system.</li></ul><p>If your devices still use Wi-Fi 5 or Wi-Fi 6, a Wi-Fi 7 router will work with them, but you will only get the full benefit with compatible phones and laptops.</p>',
      "<p>Le Wi-Fi 7 est la dernière génération de réseaux sans fil. Il peut utiliser plusieurs bandes simultanément et des canaux plus larges, ce qui signifie plus de débit et moins de latence lorsque de nombreux appareils sont connectés.</p><h2>Pour qui est-ce intéressant ?</h2><ul><li>Les foyers équipés de la fibre à 1 Gbit/s ou plus.</li><li>Les joueurs et les créateurs qui recherchent une latence minimale.</li><li>Les grands logements, surtout avec un système mesh.</li></ul><p>Si vos appareils utilisent encore le Wi-Fi 5 ou le Wi-Fi 6, un routeur Wi-Fi 7 restera compatible, mais vous n'en profiterez pleinement qu'avec des smartphones et des ordinateurs compatibles.</p>",
      '<p>O Wi-Fi 7 é a mais recente geração de redes sem fios. Pode usar várias bandas em simultâneo e canais mais largos, o que significa mais velocidade e menos latência quando há muitos dispositivos ligados.</p><h2>Para quem compensa</h2><ul><li>Casas com fibra de 1 Gbps ou mais.</li><li>Jogadores e criadores de conteúdos que precisam da menor latência possível.</li><li>Casas grandes, sobretudo com um sistema mesh.</li></ul><p>Se os seus dispositivos ainda usam Wi-Fi 5 ou Wi-Fi 6, um router Wi-Fi 7 funciona com eles, mas só tirará o máximo partido com telemóveis e portáteis compatíveis.</p>',
      "<p>Il Wi-Fi 7 è l'ultima generazione di reti wireless. Può usare più bande contemporaneamente e canali più ampi, il che significa più velocità e meno latenza quando ci sono molti dispositivi connessi.</p><h2>A chi conviene</h2><ul><li>Case con fibra da 1 Gbps o più.</li><li>Gamer e creator che hanno bisogno della latenza minima.</li><li>Abitazioni grandi, soprattutto con un sistema mesh.</li></ul><p>Se i tuoi dispositivi usano ancora il Wi-Fi 5 o il Wi-Fi 6, un router Wi-Fi 7 funzionerà comunque, ma ne sfrutterai tutti i vantaggi solo con smartphone e notebook compatibili.</p>",
      '<p>Wi-Fi 7 ist die neueste WLAN-Generation. Es kann mehrere Frequenzbänder gleichzeitig und breitere Kanäle nutzen. Das bedeutet mehr Geschwindigkeit und geringere Latenz, wenn viele Geräte verbunden sind.</p><h2>Für wen es sich lohnt</h2><ul><li>Haushalte mit Glasfaser ab 1 Gbit/s.</li><li>Gamer und Content-Creator, die minimale Latenz brauchen.</li><li>Große Wohnungen und Häuser, besonders mit einem Mesh-System.</li></ul><p>Nutzen Ihre Geräte noch Wi-Fi 5 oder Wi-Fi 6, funktionieren sie auch mit einem Wi-Fi-7-Router. Die vollen Vorteile haben Sie aber nur mit kompatiblen Smartphones und Notebooks.</p>',
    ],
  },
  {
    key: 'battery-care',
    tags: ['tips', 'sustainability'],
    title: ['Cómo cuidar la batería de tu móvil y tu portátil', 'How to look after your phone and laptop batteries', 'Comment préserver la batterie de votre smartphone et de votre ordinateur portable', 'Como cuidar da bateria do seu telemóvel e do seu portátil', 'Come prendersi cura della batteria di smartphone e notebook', 'So pflegen Sie den Akku von Smartphone und Notebook'],
    excerpt: [
      'Hábitos sencillos que ayudan a que las baterías de litio duren más.',
      'Simple habits that help lithium batteries last longer.',
      'Des gestes simples pour prolonger la durée de vie des batteries lithium.',
      'Hábitos simples que ajudam as baterias de lítio a durar mais.',
      'Semplici abitudini che aiutano le batterie al litio a durare più a lungo.',
      'Einfache Gewohnheiten, mit denen Lithium-Akkus länger halten.',
    ],
    body: [
      '<p>Las baterías de iones de litio de móviles y portátiles se desgastan con el tiempo, pero la forma en que las cargamos influye mucho en lo que duran.</p><h2>Cinco hábitos que ayudan</h2><ul><li>Evita que la batería llegue al 0 % con frecuencia.</li><li>Activa la carga optimizada si tu dispositivo la ofrece.</li><li>No lo dejes al sol ni dentro del coche en verano.</li><li>Usa cargadores y cables de calidad.</li><li>Si vas a guardarlo mucho tiempo, déjalo con la batería alrededor del 50 %.</li></ul><p>Cuando la batería ya no aguanta el día, cambiarla suele salir más barato que comprar un dispositivo nuevo.</p>',
      '<p>The lithium-ion batteries in phones and laptops wear out over time, but the way we charge them makes a big difference to how long they last.</p><h2>Five habits that help</h2><ul><li>Avoid letting the battery run down to 0% too often.</li><li>Turn on optimised charging if your device offers it.</li><li>Do not leave it in the sun or in a hot car.</li><li>Use good-quality chargers and cables.</li><li>If you are storing it for a long time, leave the battery at around 50%.</li></ul><p>When the battery no longer lasts the day, replacing it is often cheaper than buying a new device.</p>',
      "<p>Les batteries lithium-ion des smartphones et des ordinateurs portables s'usent avec le temps, mais la façon dont on les recharge influence beaucoup leur longévité.</p><h2>Cinq bons réflexes</h2><ul><li>Évitez de laisser la batterie descendre souvent à 0 %.</li><li>Activez la recharge optimisée si votre appareil la propose.</li><li>Ne le laissez pas au soleil ni dans une voiture en plein été.</li><li>Utilisez des chargeurs et des câbles de qualité.</li><li>Si vous le rangez longtemps, laissez la batterie autour de 50 %.</li></ul><p>Quand la batterie ne tient plus la journée, la remplacer coûte souvent moins cher que d'acheter un nouvel appareil.</p>",
      '<p>As baterias de iões de lítio dos telemóveis e portáteis desgastam-se com o tempo, mas a forma como as carregamos faz uma grande diferença na sua duração.</p><h2>Cinco hábitos que ajudam</h2><ul><li>Evite deixar a bateria chegar aos 0% com frequência.</li><li>Ative o carregamento otimizado se o seu dispositivo o tiver.</li><li>Não o deixe ao sol nem dentro do carro no verão.</li><li>Use carregadores e cabos de qualidade.</li><li>Se o vai guardar durante muito tempo, deixe a bateria por volta dos 50%.</li></ul><p>Quando a bateria já não aguenta o dia inteiro, substituí-la costuma ficar mais barato do que comprar um dispositivo novo.</p>',
      "<p>Le batterie agli ioni di litio di smartphone e notebook si usurano con il tempo, ma il modo in cui le ricarichiamo fa una grande differenza sulla loro durata.</p><h2>Cinque abitudini che aiutano</h2><ul><li>Evita di scaricare spesso la batteria fino allo 0%.</li><li>Attiva la ricarica ottimizzata se il tuo dispositivo la prevede.</li><li>Non lasciarlo al sole o in auto d'estate.</li><li>Usa caricabatterie e cavi di qualità.</li><li>Se devi riporlo a lungo, lascia la batteria intorno al 50%.</li></ul><p>Quando la batteria non arriva più a fine giornata, sostituirla costa spesso meno che acquistare un nuovo dispositivo.</p>",
      '<p>Die Lithium-Ionen-Akkus in Smartphones und Notebooks verschleißen mit der Zeit, doch wie wir sie laden, hat großen Einfluss auf ihre Lebensdauer.</p><h2>Fünf Gewohnheiten, die helfen</h2><ul><li>Lassen Sie den Akku nicht regelmäßig auf 0 % fallen.</li><li>Aktivieren Sie das optimierte Laden, wenn Ihr Gerät es anbietet.</li><li>Lassen Sie das Gerät nicht in der Sonne oder im heißen Auto liegen.</li><li>Verwenden Sie hochwertige Ladegeräte und Kabel.</li><li>Wenn Sie es länger lagern, laden Sie den Akku auf etwa 50 %.</li></ul><p>Hält der Akku keinen ganzen Tag mehr durch, ist ein Austausch oft günstiger als ein neues Gerät.</p>',
    ],
  },
];
