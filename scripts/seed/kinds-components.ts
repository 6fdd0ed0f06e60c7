/**
 * Product kinds of the PC components super-family. Series strings may pin spec options with
 * `|key=a~b` so that, say, a Ryzen processor never gets an Intel socket.
 */
import type { KindDef } from './kinds';

export const COMPONENT_KINDS: KindDef[] = [
  {
    key: 'gpu', parent: 'components', icon: 'gpu', share: 1.5,
    name: ['Tarjetas gráficas', 'Graphics cards', 'Cartes graphiques', 'Placas gráficas', 'Schede video', 'Grafikkarten'],
    noun: ['Tarjeta gráfica', 'Graphics card', 'Carte graphique', 'Placa gráfica', 'Scheda video', 'Grafikkarte'],
    benefit: ['más fotogramas por segundo y gráficos de última generación', 'higher frame rates and the latest graphics features', "plus d'images par seconde et des graphismes de dernière génération", 'mais fotogramas por segundo e gráficos de última geração', 'più fotogrammi al secondo e una grafica di ultima generazione', 'mehr Bilder pro Sekunde und Grafik der neuesten Generation'],
    price: [279, 1599], weight: [700, 2400],
    specs: {
      chip: ['GeForce RTX 5060', 'GeForce RTX 5060 Ti', 'GeForce RTX 5070', 'GeForce RTX 5070 Ti', 'GeForce RTX 5080'],
      vram: ['8 GB GDDR7', '12 GB GDDR7', '16 GB GDDR7'],
      interface: ['PCIe 5.0 x8', 'PCIe 5.0 x16'],
    },
    title: ['chip', 'vram'],
    makers: {
      ASUS: ['TUF Gaming', 'Prime', 'ROG Astral|chip=GeForce RTX 5080'],
      MSI: ['Ventus 2X', 'Gaming Trio', 'Shadow 3X'],
      Gigabyte: ['Windforce', 'Eagle', 'AORUS Master'],
      Zotac: ['Twin Edge', 'AMP'],
      PNY: ['Verto Dual Fan'],
      Sapphire: ['Pulse|chip=Radeon RX 9060 XT~Radeon RX 9070|vram=16 GB GDDR6', 'Nitro+|chip=Radeon RX 9070 XT|vram=16 GB GDDR6'],
      PowerColor: ['Hellhound|chip=Radeon RX 9070~Radeon RX 9070 XT|vram=16 GB GDDR6', 'Reaper|chip=Radeon RX 9060 XT|vram=8 GB GDDR6~16 GB GDDR6'],
      XFX: ['Swift|chip=Radeon RX 9060 XT~Radeon RX 9070|vram=16 GB GDDR6'],
    },
  },
  {
    key: 'cpu', parent: 'components', icon: 'cpu', share: 1,
    // Tray processors without box or cooler: sold only with the assembly of the PC.
    saleRestriction: { restriction: 'oem', share: 0.25 },
    name: ['Procesadores', 'Processors', 'Processeurs', 'Processadores', 'Processori', 'Prozessoren'],
    noun: ['Procesador', 'Processor', 'Processeur', 'Processador', 'Processore', 'Prozessor'],
    benefit: ['un procesador rápido para jugar, crear contenido y trabajar en multitarea', 'a fast processor for gaming, content creation and multitasking', 'un processeur rapide pour jouer, créer du contenu et travailler en multitâche', 'um processador rápido para jogar, criar conteúdos e trabalhar em multitarefa', 'un processore veloce per giocare, creare contenuti e lavorare in multitasking', 'einen schnellen Prozessor für Gaming, Content-Erstellung und Multitasking'],
    price: [119, 699], weight: [45, 90],
    specs: { cores: ['6', '8', '12', '16', '20', '24'], boost: ['4.7 GHz', '5.0 GHz', '5.2 GHz', '5.5 GHz', '5.7 GHz'], socket: ['AM5', 'LGA1851', 'LGA1700'] },
    title: ['boost'],
    makers: {
      AMD: [
        'Ryzen 5 9600X|cores=6|boost=5.2 GHz|socket=AM5', 'Ryzen 5 8600G|cores=6|boost=5.0 GHz|socket=AM5',
        'Ryzen 7 9700X|cores=8|boost=5.5 GHz|socket=AM5', 'Ryzen 7 9800X3D|cores=8|boost=5.2 GHz|socket=AM5',
        'Ryzen 9 9950X|cores=16|boost=5.7 GHz|socket=AM5',
      ],
      Intel: [
        'Core i5-14400F|cores=10|boost=4.7 GHz|socket=LGA1700', 'Core i7-14700K|cores=20|boost=5.5 GHz|socket=LGA1700',
        'Core Ultra 5 245K|cores=14|boost=5.2 GHz|socket=LGA1851', 'Core Ultra 7 265K|cores=20|boost=5.5 GHz|socket=LGA1851',
        'Core Ultra 9 285K|cores=24|boost=5.7 GHz|socket=LGA1851',
      ],
    },
  },
  {
    key: 'ram', parent: 'components', icon: 'ram', share: 1,
    // Upgrade kits sold only alongside a computer or other hardware, never on their own.
    saleRestriction: { restriction: 'companion', share: 0.2 },
    name: ['Memoria RAM', 'Memory (RAM)', 'Mémoire RAM', 'Memória RAM', 'Memorie RAM', 'Arbeitsspeicher'],
    noun: ['Memoria RAM', 'RAM', 'Mémoire RAM', 'Memória RAM', 'Memoria RAM', 'Arbeitsspeicher'],
    benefit: ['más fluidez al abrir muchos programas y pestañas a la vez', 'smoother performance with many programs and tabs open', 'plus de fluidité avec de nombreux programmes et onglets ouverts', 'mais fluidez com muitos programas e separadores abertos', 'più fluidità con molti programmi e schede aperti', 'mehr Tempo bei vielen geöffneten Programmen und Tabs'],
    price: [39, 299], weight: [60, 120],
    specs: { capacity: ['16 GB (2x8 GB)', '32 GB (2x16 GB)', '64 GB (2x32 GB)'], memtype: ['DDR4 3200 MHz', 'DDR4 3600 MHz', 'DDR5 5600 MHz', 'DDR5 6000 MHz', 'DDR5 6400 MHz'] },
    title: ['capacity', 'memtype'],
    makers: {
      Corsair: ['Vengeance', 'Vengeance RGB', 'Dominator Titanium|memtype=DDR5 6000 MHz~DDR5 6400 MHz'],
      Kingston: ['FURY Beast', 'FURY Renegade'],
      Crucial: ['Pro|memtype=DDR5 5600 MHz~DDR5 6000 MHz'],
      'G.Skill': ['Trident Z5 RGB|memtype=DDR5 6000 MHz~DDR5 6400 MHz', 'Ripjaws V|memtype=DDR4 3200 MHz~DDR4 3600 MHz'],
      TeamGroup: ['T-Force Delta RGB'],
    },
  },
  {
    key: 'ssd', parent: 'components', icon: 'ssd', share: 1.5,
    name: ['Discos SSD', 'SSDs', 'Disques SSD', 'Discos SSD', 'SSD', 'SSDs'],
    noun: ['Disco SSD', 'SSD', 'SSD', 'Disco SSD', 'SSD', 'SSD'],
    benefit: ['arranques más rápidos y espacio de sobra para sus archivos', 'faster boot times and plenty of space for their files', "des démarrages plus rapides et beaucoup d'espace pour leurs fichiers", 'arranques mais rápidos e muito espaço para os seus ficheiros', 'avvii più rapidi e tanto spazio per i propri file', 'schnellere Startzeiten und viel Platz für ihre Dateien'],
    price: [39, 399], weight: [8, 60],
    specs: { capacity: ['500 GB', '1 TB', '2 TB', '4 TB'], interface: ['SATA 2.5"', 'M.2 NVMe PCIe 4.0', 'M.2 NVMe PCIe 5.0'], read: ['560 MB/s', '5000 MB/s', '7400 MB/s', '14000 MB/s'] },
    title: ['capacity', 'interface'],
    makers: {
      Samsung: ['990 PRO|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s', '990 EVO Plus|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s', '870 EVO|interface=SATA 2.5"|read=560 MB/s'],
      'Western Digital': ['WD_BLACK SN850X|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s', 'WD Blue SN5000|interface=M.2 NVMe PCIe 4.0|read=5000 MB/s'],
      Crucial: ['T705|interface=M.2 NVMe PCIe 5.0|read=14000 MB/s', 'P3 Plus|interface=M.2 NVMe PCIe 4.0|read=5000 MB/s', 'MX500|interface=SATA 2.5"|read=560 MB/s'],
      Kingston: ['NV3|interface=M.2 NVMe PCIe 4.0|read=5000 MB/s', 'FURY Renegade|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s'],
      Seagate: ['FireCuda 530R|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s'],
      Lexar: ['NM790|interface=M.2 NVMe PCIe 4.0|read=7400 MB/s'],
    },
  },
  {
    key: 'motherboard', parent: 'components', icon: 'motherboard', share: 1,
    name: ['Placas base', 'Motherboards', 'Cartes mères', 'Motherboards', 'Schede madri', 'Mainboards'],
    noun: ['Placa base', 'Motherboard', 'Carte mère', 'Motherboard', 'Scheda madre', 'Mainboard'],
    benefit: ['una base sólida para montar o actualizar su PC', 'a solid foundation for building or upgrading a PC', 'une base solide pour monter ou faire évoluer leur PC', 'uma base sólida para montar ou atualizar o seu PC', 'una base solida per assemblare o aggiornare il proprio PC', 'eine solide Basis für den Bau oder das Aufrüsten ihres PCs'],
    price: [89, 499], weight: [700, 1600],
    specs: { chipset: ['AMD B650 (AM5)', 'Intel B860 (LGA1851)', 'AMD X870 (AM5)', 'Intel Z890 (LGA1851)'], form: ['Mini-ITX', 'Micro-ATX', 'ATX'] },
    title: ['chipset', 'form'],
    makers: {
      ASUS: ['TUF Gaming', 'Prime', 'ROG Strix'],
      MSI: ['MAG Tomahawk', 'PRO', 'MPG Carbon'],
      Gigabyte: ['AORUS Elite', 'Gaming X'],
      ASRock: ['Steel Legend', 'Pro RS'],
    },
  },
  {
    key: 'psu', parent: 'components', icon: 'psu', share: 0.7,
    name: ['Fuentes de alimentación', 'Power supplies', 'Alimentations PC', 'Fontes de alimentação', 'Alimentatori', 'Netzteile'],
    noun: ['Fuente de alimentación', 'Power supply', 'Alimentation PC', 'Fonte de alimentação', 'Alimentatore', 'Netzteil'],
    benefit: ['una alimentación estable y eficiente para su PC', 'stable, efficient power for their PC', 'une alimentation stable et efficace pour leur PC', 'uma alimentação estável e eficiente para o seu PC', "un'alimentazione stabile ed efficiente per il proprio PC", 'eine stabile und effiziente Stromversorgung für ihren PC'],
    price: [49, 249], weight: [1400, 2600],
    specs: { power: ['550 W', '650 W', '750 W', '850 W', '1000 W'], cert: ['80 PLUS Bronze', '80 PLUS Gold', '80 PLUS Platinum'] },
    title: ['power', 'cert'],
    makers: {
      Corsair: ['RM Series|cert=80 PLUS Gold', 'CX Series|cert=80 PLUS Bronze'],
      'be quiet!': ['Pure Power 12 M', 'Straight Power 12'],
      Seasonic: ['FOCUS GX|cert=80 PLUS Gold', 'Vertex PX|cert=80 PLUS Platinum'],
      'Cooler Master': ['MWE Gold V2|cert=80 PLUS Gold', 'V SFX Gold|cert=80 PLUS Gold'],
      MSI: ['MAG A850GL'],
      NZXT: ['C Series'],
    },
  },
];
