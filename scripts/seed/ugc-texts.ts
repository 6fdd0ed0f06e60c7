/**
 * Phrase banks of the seeded user content (scripts/seed/ugc.ts), one text per language in LANGS
 * order (es, en, fr, pt, it, de). Reviews are composed from parts (what was liked, what was not,
 * how it is used, the delivery) chosen by product family and score; questions come with answers
 * that fit them. Everything must pass the store's own text rules (worker/domain/ugc/moderation.ts).
 */
import type { L6 } from './text';

export type Family = 'computer' | 'accessory' | 'phone' | 'sound' | 'photo' | 'home' | 'digital';

const FAMILY_OF: Record<string, Family> = {
  'everyday-laptop': 'computer', 'gaming-laptop': 'computer', ultrabook: 'computer', convertible: 'computer', desktop: 'computer',
  tablet: 'computer', monitor: 'computer', gpu: 'computer', cpu: 'computer', ram: 'computer', ssd: 'computer', motherboard: 'computer',
  psu: 'computer', router: 'computer', mesh: 'computer', switch: 'computer', console: 'computer',
  keyboard: 'accessory', mouse: 'accessory', webcam: 'accessory', printer: 'accessory', gamepad: 'accessory', 'gaming-chair': 'accessory', powerbank: 'accessory',
  smartphone: 'phone', smartwatch: 'phone',
  tv: 'sound', soundbar: 'sound', headphones: 'sound', speaker: 'sound', projector: 'sound',
  camera: 'photo', lens: 'photo', 'action-cam': 'photo', drone: 'photo',
  fridge: 'home', washer: 'home', dishwasher: 'home', 'robot-vacuum': 'home', coffee: 'home', 'air-fryer': 'home',
  software: 'digital', videogame: 'digital',
};

export const familyOf = (kindKey: string): Family => FAMILY_OF[kindKey] ?? 'accessory';

/** Review titles by score band. */
export const TITLES: Record<'good' | 'mixed' | 'bad', L6[]> = {
  good: [
    ['Muy contento con la compra', 'Really happy with it', 'Très satisfait de mon achat', 'Muito satisfeito com a compra', 'Molto soddisfatto', 'Sehr zufrieden'],
    ['Cumple de sobra', 'Does everything I needed', 'Fait tout ce que je voulais', 'Cumpre tudo o que prometia', 'Fa tutto quello che serve', 'Erfüllt alle Erwartungen'],
    ['Gran relación calidad-precio', 'Great value for money', 'Excellent rapport qualité-prix', 'Ótima relação qualidade-preço', 'Ottimo rapporto qualità-prezzo', 'Top Preis-Leistung'],
    ['Lo volvería a comprar', 'Would buy it again', 'Je le rachèterais sans hésiter', 'Voltaria a comprar', 'Lo ricomprerei', 'Würde ich wieder kaufen'],
  ],
  mixed: [
    ['Correcto, sin más', 'Decent, nothing more', 'Correct, sans plus', 'Razoável, nada de especial', 'Discreto, niente di più', 'Ganz okay, mehr nicht'],
    ['Bien, con algún pero', 'Good, with a few buts', 'Bien, avec quelques réserves', 'Bom, mas com alguns senões', 'Buono, con qualche riserva', 'Gut, aber mit Abstrichen'],
    ['Cumple para lo que cuesta', 'Fine for the price', 'Correct pour le prix', 'Cumpre para o preço', 'Va bene per il prezzo', 'Für den Preis in Ordnung'],
  ],
  bad: [
    ['No me ha convencido', 'Not convinced', 'Pas convaincu', 'Não me convenceu', 'Non mi ha convinto', 'Hat mich nicht überzeugt'],
    ['Esperaba bastante más', 'Expected a lot more', "Je m'attendais à mieux", 'Esperava bastante mais', 'Mi aspettavo molto di più', 'Hatte deutlich mehr erwartet'],
    ['Decepcionante', 'Disappointing', 'Décevant', 'Dececionante', 'Deludente', 'Enttäuschend'],
  ],
};

/** What the reviewer liked, by family. */
export const LIKED: Record<Family, L6[]> = {
  computer: [
    ['Va muy fluido y arranca en segundos, incluso con muchas cosas abiertas.', 'It runs smoothly and starts in seconds, even with lots of things open.', 'Il est très fluide et démarre en quelques secondes, même avec beaucoup de choses ouvertes.', 'É muito fluido e arranca em segundos, mesmo com muita coisa aberta.', 'È molto fluido e si avvia in pochi secondi, anche con tante cose aperte.', 'Läuft flüssig und startet in Sekunden, auch mit vielen offenen Programmen.'],
    ['El rendimiento está a la altura de lo que prometía la ficha.', 'Performance matches what the specs promised.', 'Les performances sont à la hauteur de la fiche technique.', 'O desempenho está à altura do que a ficha prometia.', 'Le prestazioni sono all’altezza della scheda tecnica.', 'Die Leistung entspricht dem, was das Datenblatt verspricht.'],
    ['La instalación fue sencilla y lo reconoció todo a la primera.', 'Setting it up was easy and everything was recognised first time.', "L'installation a été simple et tout a été reconnu du premier coup.", 'A instalação foi simples e reconheceu tudo à primeira.', "L'installazione è stata semplice e ha riconosciuto tutto al primo colpo.", 'Die Einrichtung war einfach, alles wurde sofort erkannt.'],
  ],
  accessory: [
    ['Se nota bien construido y el tacto es agradable.', 'It feels well built and nice to use.', 'Il semble bien construit et le toucher est agréable.', 'Parece bem construído e é agradável ao toque.', 'Sembra ben costruito e al tatto è piacevole.', 'Wirkt solide verarbeitet und fühlt sich gut an.'],
    ['Funciona nada más conectarlo, sin instalar nada.', 'Works as soon as you plug it in, nothing to install.', "Il fonctionne dès qu'on le branche, rien à installer.", 'Funciona mal se liga, sem instalar nada.', 'Funziona appena collegato, senza installare nulla.', 'Funktioniert sofort nach dem Anschließen, ohne Installation.'],
    ['Muy cómodo para jornadas largas.', 'Very comfortable for long days.', 'Très confortable pour les longues journées.', 'Muito confortável para dias longos.', 'Molto comodo anche per giornate lunghe.', 'Sehr bequem, auch an langen Tagen.'],
  ],
  phone: [
    ['La batería me dura todo el día sin problemas.', 'The battery easily lasts me all day.', 'La batterie tient toute la journée sans problème.', 'A bateria aguenta o dia todo sem problemas.', 'La batteria dura tutto il giorno senza problemi.', 'Der Akku hält problemlos den ganzen Tag.'],
    ['La pantalla se ve genial incluso a pleno sol.', 'The screen looks great even in full sunlight.', "L'écran est superbe, même en plein soleil.", 'O ecrã vê-se muito bem mesmo ao sol.', 'Lo schermo si vede benissimo anche in pieno sole.', 'Das Display ist selbst in der Sonne gut ablesbar.'],
    ['Va rápido y la cámara hace fotos muy buenas.', 'It is fast and the camera takes very good photos.', "Il est rapide et l'appareil photo fait de très belles photos.", 'É rápido e a câmara tira fotografias muito boas.', 'È veloce e la fotocamera fa ottime foto.', 'Es ist schnell und die Kamera macht sehr gute Fotos.'],
  ],
  sound: [
    ['El sonido es limpio y con buenos graves.', 'The sound is clean with solid bass.', 'Le son est clair avec de bons graves.', 'O som é limpo e com bons graves.', 'Il suono è pulito e con bassi corposi.', 'Der Klang ist sauber und hat ordentlich Bass.'],
    ['La imagen y el sonido han superado lo que esperaba.', 'Picture and sound beat my expectations.', "L'image et le son ont dépassé mes attentes.", 'A imagem e o som superaram as expectativas.', 'Immagine e suono hanno superato le mie aspettative.', 'Bild und Ton sind besser als erwartet.'],
    ['Se conecta al móvil en un momento y la conexión es estable.', 'It pairs with my phone in a moment and the connection is stable.', 'Il se connecte au téléphone en un instant et la connexion est stable.', 'Liga-se ao telemóvel num instante e a ligação é estável.', 'Si collega al telefono in un attimo e la connessione è stabile.', 'Verbindet sich im Nu mit dem Handy, die Verbindung ist stabil.'],
  ],
  photo: [
    ['Las fotos salen nítidas y con colores muy naturales.', 'Photos come out sharp with very natural colours.', 'Les photos sont nettes avec des couleurs très naturelles.', 'As fotografias saem nítidas e com cores muito naturais.', 'Le foto sono nitide e con colori molto naturali.', 'Die Fotos sind scharf und die Farben sehr natürlich.'],
    ['El enfoque es rápido y acierta casi siempre.', 'Focusing is quick and almost always spot on.', 'La mise au point est rapide et presque toujours juste.', 'A focagem é rápida e quase sempre certeira.', 'La messa a fuoco è rapida e quasi sempre precisa.', 'Der Autofokus ist schnell und trifft fast immer.'],
  ],
  home: [
    ['Es silencioso y consume poco.', 'It is quiet and uses little energy.', 'Il est silencieux et consomme peu.', 'É silencioso e gasta pouco.', 'È silenzioso e consuma poco.', 'Es ist leise und sparsam.'],
    ['Muy fácil de usar y de limpiar.', 'Very easy to use and to clean.', 'Très facile à utiliser et à nettoyer.', 'Muito fácil de usar e de limpar.', 'Facilissimo da usare e da pulire.', 'Sehr einfach zu bedienen und zu reinigen.'],
    ['Hace exactamente lo que tiene que hacer, y lo hace bien.', 'It does exactly what it should, and does it well.', 'Il fait exactement ce qu’on attend de lui, et il le fait bien.', 'Faz exatamente o que deve fazer, e bem.', 'Fa esattamente quello che deve, e lo fa bene.', 'Macht genau, was es soll, und zwar gut.'],
  ],
  digital: [
    ['La instalación fue rápida y sin complicaciones.', 'Installation was quick and painless.', "L'installation a été rapide et sans souci.", 'A instalação foi rápida e sem complicações.', "L'installazione è stata veloce e senza intoppi.", 'Die Installation ging schnell und problemlos.'],
    ['Muchas horas de diversión, merece la pena.', 'Hours of fun, well worth it.', "Des heures d'amusement, ça vaut le coup.", 'Horas de diversão, vale bem a pena.', 'Ore di divertimento, ne vale la pena.', 'Stundenlanger Spaß, lohnt sich.'],
  ],
};

/** What the reviewer did not like (mixed and bad scores). */
export const DISLIKED: L6[] = [
  ['Eso sí, las instrucciones son muy escuetas.', 'That said, the instructions are very thin.', 'En revanche, la notice est très succincte.', 'Mas as instruções são muito curtas.', 'Però le istruzioni sono molto scarne.', 'Allerdings ist die Anleitung sehr knapp.'],
  ['Por el precio esperaba mejores acabados.', 'For the price I expected a better finish.', "Pour le prix, j'attendais de meilleures finitions.", 'Pelo preço esperava melhores acabamentos.', 'Per il prezzo mi aspettavo finiture migliori.', 'Für den Preis hätte ich eine bessere Verarbeitung erwartet.'],
  ['Se calienta más de lo que me gustaría.', 'It gets warmer than I would like.', "Il chauffe plus que je ne l'aimerais.", 'Aquece mais do que gostaria.', 'Si scalda più di quanto vorrei.', 'Es wird wärmer, als mir lieb ist.'],
  ['Hace algo más de ruido de lo esperado.', 'It is a bit noisier than expected.', 'Il est un peu plus bruyant que prévu.', 'Faz um pouco mais de barulho do que esperava.', 'È un po’ più rumoroso del previsto.', 'Es ist etwas lauter als erwartet.'],
  ['El software que trae es mejorable.', 'The bundled software could be better.', 'Le logiciel fourni est perfectible.', 'O software que traz podia ser melhor.', 'Il software in dotazione è migliorabile.', 'Die mitgelieferte Software ist ausbaufähig.'],
];

/** How the reviewer uses it, by family. */
export const USE: Record<Family, L6[]> = {
  computer: [['Lo uso para teletrabajar y algo de edición de fotos.', 'I use it for working from home and some photo editing.', "Je l'utilise pour le télétravail et un peu de retouche photo.", 'Uso-o para teletrabalho e alguma edição de fotografia.', 'Lo uso per lo smart working e un po’ di fotoritocco.', 'Ich nutze es fürs Homeoffice und ein bisschen Bildbearbeitung.']],
  accessory: [['Lo uso a diario en la oficina.', 'I use it every day at the office.', "Je m'en sers tous les jours au bureau.", 'Uso-o todos os dias no escritório.', 'Lo uso ogni giorno in ufficio.', 'Ich nutze es täglich im Büro.']],
  phone: [['Lo uso sobre todo para redes, fotos y navegación.', 'I mostly use it for social media, photos and maps.', "Je m'en sers surtout pour les réseaux sociaux, les photos et le GPS.", 'Uso-o sobretudo para redes sociais, fotos e GPS.', 'Lo uso soprattutto per social, foto e navigatore.', 'Ich nutze es vor allem für soziale Netzwerke, Fotos und Navigation.']],
  sound: [['Lo uso en el salón para series y música.', 'I use it in the living room for series and music.', "Je l'utilise dans le salon pour les séries et la musique.", 'Uso-o na sala para séries e música.', 'Lo uso in salotto per serie e musica.', 'Ich nutze es im Wohnzimmer für Serien und Musik.']],
  photo: [['Lo he usado en un viaje y en varias salidas de fin de semana.', 'I have used it on a trip and on several weekend outings.', "Je l'ai utilisé en voyage et lors de plusieurs sorties le week-end.", 'Usei-o numa viagem e em várias saídas de fim de semana.', "L'ho usato in viaggio e in diverse gite del fine settimana.", 'Ich hatte es auf einer Reise und bei mehreren Wochenendausflügen dabei.']],
  home: [['En casa somos cuatro y lo usamos a diario.', 'There are four of us at home and we use it daily.', "Nous sommes quatre à la maison et on l'utilise tous les jours.", 'Somos quatro em casa e usamos todos os dias.', 'In casa siamo in quattro e lo usiamo ogni giorno.', 'Wir sind zu viert und nutzen es täglich.']],
  digital: [['Lo juego sobre todo por las noches y los fines de semana.', 'I mostly play it in the evenings and at weekends.', 'J’y joue surtout le soir et le week-end.', 'Jogo sobretudo à noite e aos fins de semana.', 'Ci gioco soprattutto la sera e nel fine settimana.', 'Ich spiele vor allem abends und am Wochenende.']],
};

/** A closing sentence about delivery (physical goods) or activation (digital goods). */
export const DELIVERY: { physical: L6[]; digital: L6[] } = {
  physical: [
    ['Llegó antes de lo previsto y muy bien embalado.', 'It arrived earlier than expected and very well packed.', 'Livré plus tôt que prévu et très bien emballé.', 'Chegou antes do previsto e muito bem embalado.', 'È arrivato prima del previsto e ben imballato.', 'Kam früher als angekündigt und gut verpackt an.'],
    ['El envío fue rápido, en dos días lo tenía en casa.', 'Shipping was quick, I had it at home in two days.', "L'envoi a été rapide, je l'ai reçu en deux jours.", 'O envio foi rápido, em dois dias estava em casa.', 'Spedizione veloce, in due giorni era a casa.', 'Schneller Versand, nach zwei Tagen war es da.'],
    ['La entrega se retrasó un día, pero me avisaron.', 'Delivery was a day late, but they let me know.', "La livraison a eu un jour de retard, mais j'ai été prévenu.", 'A entrega atrasou um dia, mas avisaram-me.', 'La consegna ha tardato un giorno, ma mi hanno avvisato.', 'Die Lieferung kam einen Tag später, aber ich wurde informiert.'],
  ],
  digital: [
    ['El código llegó al momento.', 'The code arrived straight away.', 'Le code est arrivé immédiatement.', 'O código chegou de imediato.', 'Il codice è arrivato subito.', 'Der Code kam sofort an.'],
  ],
};

/** A question and answers that fit it. */
export interface QuestionText {
  question: L6;
  answers: L6[];
}

const GENERIC_QUESTIONS: QuestionText[] = [
  {
    question: ['¿Qué incluye la caja además del producto?', 'What comes in the box besides the product?', 'Que contient la boîte en plus du produit ?', 'O que vem na caixa além do produto?', 'Cosa c’è nella scatola oltre al prodotto?', 'Was ist außer dem Gerät noch im Karton?'],
    answers: [
      ['El cable, una guía rápida y la garantía.', 'The cable, a quick start guide and the warranty card.', 'Le câble, un guide de démarrage et la garantie.', 'O cabo, um guia rápido e a garantia.', 'Il cavo, una guida rapida e la garanzia.', 'Das Kabel, eine Kurzanleitung und die Garantiekarte.'],
      ['En la mía venía también una funda de regalo.', 'Mine also came with a free sleeve.', 'Le mien était livré avec une housse offerte.', 'O meu trazia também uma capa de oferta.', 'Nel mio c’era anche una custodia in omaggio.', 'Bei mir lag noch eine Schutzhülle bei.'],
      ['Solo el producto y la documentación, nada más.', 'Just the product and the paperwork, nothing else.', 'Seulement le produit et la documentation.', 'Só o produto e a documentação.', 'Solo il prodotto e la documentazione.', 'Nur das Gerät und die Unterlagen.'],
    ],
  },
  {
    question: ['¿Cuánto tiempo de garantía tiene?', 'How long is the warranty?', 'Quelle est la durée de la garantie ?', 'Quanto tempo de garantia tem?', 'Quanto dura la garanzia?', 'Wie lange ist die Garantie?'],
    answers: [
      ['Tres años, como todo lo que se vende en la tienda.', 'Three years, like everything sold in the shop.', 'Trois ans, comme tout ce qui est vendu par la boutique.', 'Três anos, como tudo o que a loja vende.', 'Tre anni, come tutto ciò che vende il negozio.', 'Drei Jahre, wie alles im Shop.'],
      ['Yo tuve que usarla una vez y me lo cambiaron sin problema.', 'I had to use it once and they replaced it without any fuss.', "J'ai dû la faire jouer une fois et ils l'ont remplacé sans souci.", 'Tive de a usar uma vez e trocaram-mo sem problema.', 'Ho dovuto usarla una volta e me l’hanno sostituito senza problemi.', 'Ich musste sie einmal nutzen, es wurde problemlos getauscht.'],
    ],
  },
  {
    question: ['¿Merece la pena frente al modelo anterior?', 'Is it worth it over the previous model?', "Est-ce qu'il vaut le coup par rapport au modèle précédent ?", 'Vale a pena em relação ao modelo anterior?', 'Vale la pena rispetto al modello precedente?', 'Lohnt es sich gegenüber dem Vorgänger?'],
    answers: [
      ['Yo vengo del anterior y la mejora se nota bastante.', 'I came from the previous one and the difference is clear.', "Je viens de l'ancien et la différence se sent bien.", 'Vim do anterior e a melhoria nota-se bastante.', 'Vengo dal precedente e il miglioramento si sente.', 'Ich hatte den Vorgänger, der Unterschied ist deutlich.'],
      ['Si el tuyo funciona bien, yo esperaría a una oferta.', 'If yours still works fine, I would wait for a deal.', "Si le vôtre marche bien, j'attendrais une promotion.", 'Se o seu funciona bem, eu esperava por uma promoção.', 'Se il tuo funziona bene, aspetterei un’offerta.', 'Wenn deins noch gut läuft, würde ich auf ein Angebot warten.'],
    ],
  },
];

const FAMILY_QUESTIONS: Record<Family, QuestionText[]> = {
  computer: [{
    question: ['¿Se puede ampliar la memoria más adelante?', 'Can the memory be upgraded later?', 'Peut-on augmenter la mémoire plus tard ?', 'É possível aumentar a memória mais tarde?', 'Si può espandere la memoria in futuro?', 'Kann man den Speicher später aufrüsten?'],
    answers: [
      ['Sí, tiene una ranura libre y se abre con cuatro tornillos.', 'Yes, there is a free slot and it opens with four screws.', "Oui, il y a un emplacement libre et il s'ouvre avec quatre vis.", 'Sim, tem uma ranhura livre e abre com quatro parafusos.', 'Sì, c’è uno slot libero e si apre con quattro viti.', 'Ja, ein Steckplatz ist frei, geöffnet wird mit vier Schrauben.'],
      ['En mi unidad la memoria va soldada, mejor comprarlo con la que necesites.', 'On mine the memory is soldered, so buy it with what you need.', 'Sur le mien la mémoire est soudée, prenez directement ce dont vous avez besoin.', 'No meu a memória é soldada, é melhor comprar já com a que precisa.', 'Nel mio la memoria è saldata, meglio prenderlo già con quella che serve.', 'Bei mir ist der Speicher verlötet, also gleich passend kaufen.'],
    ],
  }],
  accessory: [{
    question: ['¿Funciona también con Mac?', 'Does it also work with a Mac?', 'Est-ce qu’il fonctionne aussi avec un Mac ?', 'Também funciona com Mac?', 'Funziona anche con Mac?', 'Funktioniert es auch mit einem Mac?'],
    answers: [
      ['Sí, lo uso con un Mac y va perfecto.', 'Yes, I use it with a Mac and it works perfectly.', "Oui, je l'utilise avec un Mac et il marche parfaitement.", 'Sim, uso-o com um Mac e funciona na perfeição.', 'Sì, lo uso con un Mac e va benissimo.', 'Ja, ich nutze es am Mac, läuft einwandfrei.'],
      ['Funciona, aunque algunas funciones extra solo se configuran desde Windows.', 'It works, though some extras can only be set up from Windows.', 'Oui, mais certaines fonctions ne se règlent que sous Windows.', 'Funciona, mas algumas funções extra só se configuram no Windows.', 'Funziona, ma alcune funzioni si configurano solo da Windows.', 'Ja, manche Zusatzfunktionen lassen sich aber nur unter Windows einstellen.'],
    ],
  }],
  phone: [{
    question: ['¿Trae cargador en la caja?', 'Does it come with a charger?', 'Le chargeur est-il fourni ?', 'Traz carregador na caixa?', 'Il caricatore è incluso?', 'Ist ein Ladegerät dabei?'],
    answers: [
      ['Solo trae el cable, el cargador se compra aparte.', 'Only the cable, the charger is sold separately.', 'Seulement le câble, le chargeur est vendu à part.', 'Só traz o cabo, o carregador vende-se à parte.', 'Solo il cavo, il caricatore si compra a parte.', 'Nur das Kabel, das Netzteil gibt es separat.'],
      ['No, pero carga bien con el de mi móvil anterior.', 'No, but it charges fine with my old phone charger.', "Non, mais il charge très bien avec celui de mon ancien téléphone.", 'Não, mas carrega bem com o do meu telemóvel antigo.', 'No, ma si carica bene con quello del mio vecchio telefono.', 'Nein, aber es lädt problemlos mit dem alten Netzteil.'],
    ],
  }],
  sound: [{
    question: ['¿Se puede conectar por Bluetooth a la vez que por cable?', 'Can it be connected over Bluetooth and cable at the same time?', 'Peut-on le connecter en Bluetooth et en filaire en même temps ?', 'Pode ligar-se por Bluetooth e por cabo ao mesmo tempo?', 'Si può collegare in Bluetooth e via cavo contemporaneamente?', 'Kann man es gleichzeitig per Bluetooth und Kabel verbinden?'],
    answers: [
      ['No a la vez, pero cambia de una a otra en un segundo.', 'Not at the same time, but it switches in a second.', "Pas en même temps, mais il passe de l'un à l'autre en une seconde.", 'Não ao mesmo tempo, mas muda de um para o outro num segundo.', 'Non insieme, ma passa dall’uno all’altro in un attimo.', 'Nicht gleichzeitig, aber das Umschalten geht in einer Sekunde.'],
      ['Yo lo tengo siempre por cable y el sonido es mejor.', 'I always use it with the cable and the sound is better.', "Je l'utilise toujours en filaire et le son est meilleur.", 'Tenho-o sempre por cabo e o som é melhor.', 'Io lo uso sempre via cavo e il suono è migliore.', 'Ich nutze immer das Kabel, der Klang ist besser.'],
    ],
  }],
  photo: [{
    question: ['¿Qué tal se porta con poca luz?', 'How does it cope in low light?', 'Comment se comporte-t-il en basse lumière ?', 'Como se porta com pouca luz?', 'Come se la cava con poca luce?', 'Wie schlägt es sich bei wenig Licht?'],
    answers: [
      ['Bastante bien hasta ISO medio, a partir de ahí aparece algo de ruido.', 'Quite well up to medium ISO, after that some noise shows.', "Plutôt bien jusqu'à des ISO moyens, au-delà un peu de bruit apparaît.", 'Bastante bem até ISO médio, a partir daí aparece algum ruído.', 'Abbastanza bene fino a ISO medi, poi compare un po’ di rumore.', 'Bis zu mittleren ISO-Werten gut, darüber rauscht es etwas.'],
      ['Para interiores y de noche me ha sorprendido para bien.', 'Indoors and at night it surprised me in a good way.', "En intérieur et de nuit, il m'a agréablement surpris.", 'Em interiores e à noite surpreendeu-me pela positiva.', 'In interni e di notte mi ha sorpreso in positivo.', 'Drinnen und nachts hat es mich positiv überrascht.'],
    ],
  }],
  home: [{
    question: ['¿Hace mucho ruido?', 'Is it loud?', 'Est-ce qu’il est bruyant ?', 'Faz muito barulho?', 'È rumoroso?', 'Ist es laut?'],
    answers: [
      ['Muy poco, se puede tener funcionando mientras ves la tele.', 'Very little, you can run it while watching TV.', 'Très peu, on peut le faire tourner en regardant la télé.', 'Muito pouco, pode estar a funcionar enquanto vê televisão.', 'Pochissimo, puoi usarlo mentre guardi la tv.', 'Kaum, man kann nebenbei fernsehen.'],
      ['Algo se oye, pero menos que el que tenía antes.', 'You can hear it a little, but less than my old one.', "On l'entend un peu, mais moins que mon ancien.", 'Ouve-se um pouco, mas menos do que o que tinha.', 'Si sente un po’, ma meno del mio vecchio.', 'Man hört es etwas, aber leiser als mein altes.'],
    ],
  }],
  digital: [{
    question: ['¿La licencia sirve para más de un equipo?', 'Does the licence cover more than one device?', 'La licence est-elle valable sur plusieurs appareils ?', 'A licença serve para mais de um equipamento?', 'La licenza vale per più di un dispositivo?', 'Gilt die Lizenz für mehr als ein Gerät?'],
    answers: [
      ['Solo para uno, pero se puede pasar a otro desde la cuenta.', 'Just one, but it can be moved to another from the account.', "Un seul, mais on peut la transférer depuis le compte.", 'Só para um, mas pode passar-se para outro a partir da conta.', 'Solo uno, ma si può spostare su un altro dall’account.', 'Nur für eins, lässt sich aber im Konto übertragen.'],
      ['A mí me dejó activarla en dos equipos sin problema.', 'It let me activate it on two devices without trouble.', "J'ai pu l'activer sur deux appareils sans problème.", 'Deixou-me ativá-la em dois equipamentos sem problema.', 'Mi ha permesso di attivarla su due dispositivi senza problemi.', 'Ich konnte sie problemlos auf zwei Geräten aktivieren.'],
    ],
  }],
};

/** The questions that may be asked about a family's articles. */
export const questionsFor = (family: Family): QuestionText[] => [...GENERIC_QUESTIONS, ...FAMILY_QUESTIONS[family]];

/** Answers given in the store's name (any question). */
export const STORE_ANSWERS: L6[] = [
  ['Hola, te confirmamos que sí. Cualquier otra duda, aquí estamos.', 'Hello, we can confirm it does. Any other question, we are here to help.', 'Bonjour, nous vous le confirmons. Pour toute autre question, nous sommes là.', 'Olá, confirmamos que sim. Qualquer outra dúvida, estamos por aqui.', 'Ciao, te lo confermiamo. Per qualsiasi altro dubbio siamo qui.', 'Hallo, das können wir bestätigen. Bei weiteren Fragen sind wir für Sie da.'],
  ['Gracias por tu pregunta. Encontrarás todos los detalles en la ficha técnica del producto.', 'Thanks for your question. You will find every detail in the product specifications.', 'Merci pour votre question. Tous les détails figurent dans la fiche technique du produit.', 'Obrigado pela pergunta. Encontra todos os detalhes na ficha técnica do produto.', 'Grazie per la domanda. Trovi tutti i dettagli nella scheda tecnica del prodotto.', 'Danke für Ihre Frage. Alle Details finden Sie im Datenblatt des Produkts.'],
];
