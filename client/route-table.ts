/**
 * Every screen of the store with its path in each of the six languages (spec §2). Paths use
 * `:name` for a parameter, `:name?` for an optional last parameter and `*` for "the rest".
 * The Spanish shapes are the specification's; the others are their native translations.
 * Screens reached through a slug (categories, products, brands…) are not listed: they go to
 * the dynamic resolver.
 */
import type { Language } from './i18n/languages';

export type PathsByLanguage = Record<Language, string>;

/** The same path in every language (technical paths such as the checkout's). */
function same(path: string): PathsByLanguage {
  return { es_ES: path, en_EN: path, fr_FR: path, pt_PT: path, it_IT: path, de_DE: path };
}

function t(es_ES: string, en_EN: string, fr_FR: string, pt_PT: string, it_IT: string, de_DE: string): PathsByLanguage {
  return { es_ES, en_EN, fr_FR, pt_PT, it_IT, de_DE };
}

/** Account screens live under the account root of each language. */
const ACCOUNT = t('/usuarios/panel', '/account', '/compte', '/utilizadores/painel', '/utenti/pannello', '/konto');
function account(es_ES: string, en_EN: string, fr_FR: string, pt_PT: string, it_IT: string, de_DE: string): PathsByLanguage {
  const sub = t(es_ES, en_EN, fr_FR, pt_PT, it_IT, de_DE);
  return Object.fromEntries(Object.entries(sub).map(([lang, path]) => [lang, ACCOUNT[lang as Language] + path])) as PathsByLanguage;
}

export const ROUTE_TABLE = {
  // Public and content
  home: same('/'),
  search: t('/search', '/search', '/recherche', '/pesquisa', '/cerca', '/suche'),
  blog: same('/blog'),
  blogPost: same('/blog/:slug'),
  blogTag: t('/blog/tag/:tagSlug', '/blog/tag/:tagSlug', '/blog/tag/:tagSlug', '/blog/tag/:tagSlug', '/blog/tag/:tagSlug', '/blog/tag/:tagSlug'),
  buyKeyword: t('/comprar/:keyword', '/buy/:keyword', '/buy/:keyword', '/buy/:keyword', '/buy/:keyword', '/buy/:keyword'),
  comparator: t('/comparador/:category/:slug', '/comparator/:category/:slug', '/comparateur/:category/:slug', '/comparador/:category/:slug', '/comparatore/:category/:slug', '/komparator/:category/:slug'),
  comparatorCategory: t('/comparador/:category/*', '/comparator/:category/*', '/comparateur/:category/*', '/comparador/:category/*', '/comparatore/:category/*', '/komparator/:category/*'),
  configurator: t('/configurador/:configurationId?', '/configurator/:configurationId?', '/configurateur/:configurationId?', '/configurador/:configurationId?', '/configuratore/:configurationId?', '/configurator/:configurationId?'),
  brands: t('/marcas', '/brands', '/marques', '/marcas', '/marche', '/marken'),
  giftCards: t('/tarjetas-regalo', '/gift-cards', '/cartes-cadeaux', '/cartoes-presente', '/carte-regalo', '/geschenkkarten'),
  shop: t('/tiendas/:name', '/stores/:name', '/magasins/:name', '/lojas/:name', '/i-negozi/:name', '/stores/:name'),
  wishlistPublic: t('/lista-de-deseos', '/wishlist', '/liste-de-souhaits', '/lista-de-desejos', '/lista-dei-desideri', '/wunschliste'),
  wishlistPublicDetail: t('/lista-de-deseos/:wishlist', '/wishlist/:wishlist', '/liste-de-souhaits/:wishlist', '/lista-de-desejos/:wishlist', '/lista-dei-desideri/:wishlist', '/wunschliste/:wishlist'),
  wishlistLegacy: t('/listas/:wishlist', '/lists/:wishlist', '/listes/:wishlist', '/listas/:wishlist', '/liste/:wishlist', '/listen/:wishlist'),
  tracking: t('/tracking/:orderNumber', '/tracking/:orderNumber', '/suivi/:orderNumber', '/seguimento/:orderNumber', '/tracciamento/:orderNumber', '/sendungsverfolgung/:orderNumber'),
  rewards: t('/recompensas', '/rewards', '/recompenses', '/recompensas', '/premi', '/praemien'),
  cmsPreview: same('/cms-preview/:postId/:idScheduledContent?'),
  /** The design system's component sheet (docs/design-system.md): for the team, not indexed. */
  designSystem: t('/sistema-de-diseno', '/design-system', '/systeme-de-design', '/sistema-de-design', '/sistema-di-design', '/designsystem'),

  // User-generated content
  reviews: t('/opiniones/:product', '/reviews/:product', '/avis/:product', '/opinioes/:product', '/recensioni/:product', '/reviews/:product'),
  addReview: t('/opinion-productos/:productId', '/write-a-review/:productId', '/donner-un-avis/:productId', '/opiniao-produtos/:productId', '/scrivi-recensione/:productId', '/bewertung-schreiben/:productId'),
  addQuestion: t('/crea-tu-pregunta', '/ask-a-question', '/poser-une-question', '/faca-a-sua-pergunta', '/fai-la-tua-domanda', '/frage-stellen'),
  answersGame: t('/preguntas/juego', '/questions/game', '/questions/jeu', '/perguntas/jogo', '/domande/gioco', '/fragen/spiel'),
  userRanking: t('/ranking-de-usuarios', '/user-ranking', '/classement-des-utilisateurs', '/ranking-de-utilizadores', '/classifica-utenti', '/nutzer-rangliste'),
  ugcUpload: same('/ugc/upload-media'),
  wiki: same('/wiki/:idArticle?'),
  wikiThread: same('/wiki/thread/:questionId'),
  opineAndWin: t('/opina-y-gana', '/review-and-win', '/donnez-votre-avis-et-gagnez', '/opine-e-ganhe', '/recensisci-e-vinci', '/bewerten-und-gewinnen'),
  supportOpinions: t('/centro-de-ayuda/opiniones', '/help-centre/reviews', '/centre-d-aide/avis', '/centro-de-apoio/opinioes', '/centro-assistenza/recensioni', '/hilfe-center/bewertungen'),

  // Authentication (the specification's shapes are the same in every language)
  login: same('/login'),
  signup: same('/signup'),
  recoveryPassword: same('/recovery-password'),
  passwordSent: same('/password-sent'),
  newPassword: same('/new-password/:token'),

  // Checkout, in step order, then gateways and results
  cartBasket: same('/cart/shopping_basket'),
  cartAddress: same('/cart/address'),
  cartShipping: same('/cart/shipping'),
  cartPayment: same('/cart/payment'),
  cartSummary: same('/cart/summary'),
  gatewayAplazame: same('/cart/payment/aplazame/gw'),
  gatewayFormType: same('/cart/payment/form-type/gw'),
  gatewayMbWay: same('/cart/payment/mb-way/gw'),
  gatewayFinancing: same('/cart/payment/financing/gw'),
  gatewayLendismart: same('/cart/payment/lendismart/gw'),
  gatewayWallet: same('/cart/:orderNumber/payment/walletPay/gw'),
  cartOk: same('/cart/ok'),
  cartKo: same('/cart/ko'),
  securePayment: same('/cart/order/securePayment'),
  payNow: same('/order/paynow/:hash'),

  // Account area
  account: ACCOUNT,
  accountData: account('/mis-datos', '/my-details', '/mes-donnees', '/os-meus-dados', '/i-miei-dati', '/meine-daten'),
  accountDocuments: account('/mis-documentos', '/my-documents', '/mes-documents', '/os-meus-documentos', '/i-miei-documenti', '/meine-dokumente'),
  accountDigitalKeys: account('/mis-claves', '/my-keys', '/mes-cles', '/as-minhas-chaves', '/le-mie-chiavi', '/meine-schluessel'),
  accountCoupons: account('/mis-descuentos', '/my-discounts', '/mes-reductions', '/os-meus-descontos', '/i-miei-sconti', '/meine-rabatte'),
  accountBalance: account('/saldos', '/balance', '/solde', '/saldo', '/saldo', '/guthaben'),
  accountCards: account('/tarjetas', '/cards', '/cartes', '/cartoes', '/carte', '/karten'),
  accountAddresses: account('/direcciones', '/addresses', '/adresses', '/moradas', '/indirizzi', '/adressen'),
  accountInbox: account('/bandeja-de-entrada', '/inbox', '/boite-de-reception', '/caixa-de-entrada', '/posta-in-arrivo', '/posteingang'),
  accountInboxMessage: account('/bandeja-de-entrada/ver/:id', '/inbox/view/:id', '/boite-de-reception/voir/:id', '/caixa-de-entrada/ver/:id', '/posta-in-arrivo/vedi/:id', '/posteingang/ansehen/:id'),
  accountOrdersAndInvoices: account('/pedidos-y-facturas', '/orders-and-invoices', '/commandes-et-factures', '/encomendas-e-faturas', '/ordini-e-fatture', '/bestellungen-und-rechnungen'),
  accountMyOrdersAndInvoices: account('/mis-pedidos-y-facturas', '/my-orders-and-invoices', '/mes-commandes-et-factures', '/as-minhas-encomendas-e-faturas', '/i-miei-ordini-e-fatture', '/meine-bestellungen-und-rechnungen'),
  accountCancelledOrders: account('/pedidos-cancelados', '/cancelled-orders', '/commandes-annulees', '/encomendas-canceladas', '/ordini-annullati', '/stornierte-bestellungen'),
  accountOrderDetail: account('/order-detail', '/order-detail', '/detail-commande', '/detalhe-encomenda', '/dettaglio-ordine', '/bestelldetails'),
  accountCreditNotes: account('/abonos', '/credit-notes', '/avoirs', '/notas-de-credito', '/note-di-credito', '/gutschriften'),
  accountInvoiceDownload: account('/pedido/:orderId/descargar/:invoiceType', '/order/:orderId/download/:invoiceType', '/commande/:orderId/telecharger/:invoiceType', '/encomenda/:orderId/descarregar/:invoiceType', '/ordine/:orderId/scarica/:invoiceType', '/bestellung/:orderId/herunterladen/:invoiceType'),
  accountWishlist: account('/mi-lista-de-deseos', '/my-wishlist', '/ma-liste-de-souhaits', '/a-minha-lista-de-desejos', '/la-mia-lista-dei-desideri', '/meine-wunschliste'),
  accountWishlists: account('/mis-listas-de-deseos', '/my-wishlists', '/mes-listes-de-souhaits', '/as-minhas-listas-de-desejos', '/le-mie-liste-dei-desideri', '/meine-wunschlisten'),
  accountConfigurations: account('/configuraciones', '/configurations', '/configurations', '/configuracoes', '/configurazioni', '/konfigurationen'),
  accountSubscriptions: account('/mis-suscripciones', '/my-subscriptions', '/mes-abonnements', '/as-minhas-subscricoes', '/i-miei-abbonamenti', '/meine-abonnements'),
  accountReviews: account('/opiniones', '/reviews', '/avis', '/opinioes', '/recensioni', '/bewertungen'),
  accountInsurances: account('/seguros', '/insurance', '/assurances', '/seguros', '/assicurazioni', '/versicherungen'),
  accountInsuranceRenewals: account('/seguros/renovaciones', '/insurance/renewals', '/assurances/renouvellements', '/seguros/renovacoes', '/assicurazioni/rinnovi', '/versicherungen/verlaengerungen'),
  accountNewPolicy: account('/insurances/new-policy', '/insurances/new-policy', '/insurances/new-policy', '/insurances/new-policy', '/insurances/new-policy', '/insurances/new-policy'),
  accountOrderReassignment: account('/reasignacion-pedidos/:key', '/order-reassignment/:key', '/reattribution-commandes/:key', '/reatribuicao-encomendas/:key', '/riassegnazione-ordini/:key', '/bestellungsneuzuordnung/:key'),
  accountReturnNonHolder: account('/rma-no-titular', '/rma-non-holder', '/rma-non-titulaire', '/rma-nao-titular', '/rma-non-titolare', '/rma-nicht-inhaber'),
  accountReturnNonHolderAuthorize: account('/rma-no-titular/authorize/:invoice/:article', '/rma-non-holder/authorize/:invoice/:article', '/rma-non-titulaire/authorize/:invoice/:article', '/rma-nao-titular/authorize/:invoice/:article', '/rma-non-titolare/authorize/:invoice/:article', '/rma-nicht-inhaber/authorize/:invoice/:article'),
  accountAfterSalesHistory: account('/historial-postventa', '/after-sales-history', '/historique-sav', '/historico-pos-venda', '/storico-post-vendita', '/kundendienst-verlauf'),
  accountAfterSalesCase: account('/caso-postventa/:id', '/after-sales-case/:id', '/dossier-sav/:id', '/caso-pos-venda/:id', '/caso-post-vendita/:id', '/kundendienst-fall/:id'),
  accountReturns: account('/devoluciones', '/returns', '/retours', '/devolucoes', '/resi', '/ruecksendungen'),
  accountReturnInvoices: account('/facturas-devolucion', '/return-invoices', '/factures-de-retour', '/faturas-de-devolucao', '/fatture-di-reso', '/ruecksendungsrechnungen'),
  accountGiftReturn: account('/devolucion-regalo', '/gift-return', '/retour-cadeau', '/devolucao-presente', '/reso-regalo', '/geschenk-ruecksendung'),
  accountGiftReturnConfirmation: account('/devolucion-regalo/confirmacion', '/gift-return/confirmation', '/retour-cadeau/confirmation', '/devolucao-presente/confirmacao', '/reso-regalo/conferma', '/geschenk-ruecksendung/bestaetigung'),
  accountFrontOrders: account('/pedidos-tienda', '/shop-orders', '/commandes-magasin', '/encomendas-loja', '/ordini-negozio', '/filialbestellungen'),
  accountDigitalProducts: account('/productos-digitales', '/digital-products', '/produits-numeriques', '/produtos-digitais', '/prodotti-digitali', '/digitale-produkte'),

  // Staff back-office (docs/after-sales.md): for the team, the same English words in every language.
  adminHome: same('/admin'),
  adminOrders: same('/admin/orders'),
  adminOrder: same('/admin/orders/:orderNumber'),
  adminReturns: same('/admin/returns'),
  adminReturn: same('/admin/returns/:id'),
  adminCases: same('/admin/cases'),
  adminCase: same('/admin/cases/:id'),
  adminUgc: same('/admin/ugc'),
  adminTaxCertificates: same('/admin/tax-certificates'),
} satisfies Record<string, PathsByLanguage>;

export type RouteId = keyof typeof ROUTE_TABLE;
