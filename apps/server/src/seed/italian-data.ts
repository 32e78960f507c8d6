import type { Rng } from './random.ts';

/**
 * Believable Italian data for the demo archives: names, streets, real municipalities (CAP,
 * province acronym and cadastral code checked against the ISTAT list), suppliers, activity
 * titles, condominium names, notes and contact details.
 */

export interface FirstName {
  nome: string;
  sesso: 'M' | 'F';
}

const MALE_NAMES = [
  'Marco',
  'Giuseppe',
  'Giovanni',
  'Antonio',
  'Mario',
  'Luigi',
  'Francesco',
  'Alessandro',
  'Andrea',
  'Stefano',
  'Paolo',
  'Roberto',
  'Luca',
  'Massimo',
  'Davide',
  'Simone',
  'Matteo',
  'Lorenzo',
  'Riccardo',
  'Federico',
  'Fabio',
  'Claudio',
  'Giorgio',
  'Sergio',
  'Franco',
  'Bruno',
  'Carlo',
  'Enrico',
  'Alberto',
  'Daniele',
  'Emanuele',
  'Gabriele',
  'Michele',
  'Nicola',
  'Pietro',
  'Raffaele',
  'Salvatore',
  'Vincenzo',
  'Tommaso',
  'Filippo',
  'Edoardo',
  'Leonardo',
  'Giacomo',
  'Diego',
  'Mattia',
  'Alessio',
  'Cristian',
  'Dario',
  'Enzo',
  'Fabrizio',
  'Gianluca',
  'Guido',
  'Ivan',
  'Maurizio',
  'Nicolò',
  'Ottavio',
  'Piero',
  'Renato',
  'Rocco',
  'Sandro',
  'Silvio',
  'Umberto',
  'Valerio',
  'Vittorio',
  'Walter',
  'Aldo',
  'Angelo',
  'Armando',
  'Attilio',
  'Cesare',
  'Corrado',
  'Domenico',
  'Elia',
  'Ettore',
  'Gianni',
  'Luciano',
] as const;

const FEMALE_NAMES = [
  'Maria',
  'Anna',
  'Giulia',
  'Francesca',
  'Sara',
  'Laura',
  'Chiara',
  'Valentina',
  'Alessandra',
  'Elena',
  'Silvia',
  'Federica',
  'Martina',
  'Paola',
  'Roberta',
  'Simona',
  'Cristina',
  'Barbara',
  'Giovanna',
  'Rosa',
  'Lucia',
  'Angela',
  'Teresa',
  'Patrizia',
  'Monica',
  'Daniela',
  'Elisa',
  'Beatrice',
  'Alice',
  'Aurora',
  'Sofia',
  'Emma',
  'Giorgia',
  'Greta',
  'Ilaria',
  'Irene',
  'Marta',
  'Noemi',
  'Serena',
  'Stefania',
  'Tiziana',
  'Veronica',
  'Vittoria',
  'Caterina',
  'Carla',
  'Claudia',
  'Donatella',
  'Emanuela',
  'Fabiola',
  'Gabriella',
  'Grazia',
  'Ida',
  'Lorena',
  'Luisa',
  'Manuela',
  'Marina',
  'Michela',
  'Nadia',
  'Nicoletta',
  'Ornella',
  'Raffaella',
  'Rita',
  'Sabrina',
  'Sonia',
  'Vanessa',
  'Adele',
  'Agnese',
  'Bianca',
  'Camilla',
  'Carolina',
  'Debora',
  'Eleonora',
  'Franca',
  'Lidia',
  'Loredana',
] as const;

export const FIRST_NAMES: readonly FirstName[] = [
  ...MALE_NAMES.map((nome) => ({ nome, sesso: 'M' as const })),
  ...FEMALE_NAMES.map((nome) => ({ nome, sesso: 'F' as const })),
];

export const SURNAMES: readonly string[] = dedupe([
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
  'Sala',
  'De Angelis',
  'Gatti',
  'Pellegrini',
  'Palumbo',
  'Sanna',
  'Farina',
  'Rizzi',
  'Monti',
  'Cattaneo',
  'Morelli',
  'Amato',
  'Silvestri',
  'Mazza',
  'Testa',
  'Grassi',
  'Pellegrino',
  'Carbone',
  'Giuliani',
  'Benedetti',
  'Barone',
  'Rossetti',
  'Caputo',
  'Montanari',
  'Guerra',
  'Palmieri',
  'Bernardi',
  'Martino',
  'Fiore',
  'De Rosa',
  'Ferretti',
  'Bellini',
  'Basile',
  'Riva',
  'Donati',
  'Piras',
  'Vitali',
  'Battaglia',
  'Sartori',
  'Neri',
  'Costantini',
  'Milani',
  'Pagano',
  'Ruggiero',
  'Sorrentino',
  "D'Amico",
  'Orlando',
  'Damico',
  'Negri',
  'Fumagalli',
  'Brambilla',
  'Ferrario',
  'Mazzola',
  'Pozzi',
  'Colombi',
  'Zanetti',
  'Bassi',
  'Cavalli',
  'Bertolini',
  'Zanella',
  'Zanon',
  'Bonetti',
  'Marchi',
  'Guidi',
  'Sacchi',
  'Bellucci',
  'Agostini',
  'Bianchini',
  'Carletti',
  'Cirillo',
  'Cocco',
  'Corsi',
  'Crippa',
  'De Simone',
  'Di Stefano',
  'Fabbro',
  'Fadda',
  'Fiorentino',
  'Gallina',
  'Gargiulo',
  'Gori',
  'Lai',
  'Landi',
  'Lanza',
  'Lazzari',
  'Leonardi',
  'Lupo',
  'Maggi',
  'Magri',
  'Manca',
  'Mantovani',
  'Marras',
  'Melis',
  'Meloni',
  'Merlo',
  'Mele',
  'Miceli',
  'Mignone',
  'Mura',
  'Nardi',
  'Nicolini',
  'Olivieri',
  'Orsini',
  'Pace',
  'Padovani',
  'Pagani',
  'Pastore',
  'Pennacchio',
  'Perrone',
  'Piccolo',
  'Pini',
  'Poli',
  'Porcu',
  'Porta',
  'Prete',
  'Puddu',
  'Quaranta',
  'Raimondi',
  'Rocca',
  'Romeo',
  'Rota',
  'Ruggeri',
  'Russo',
  'Sala',
  'Salvi',
  'Santini',
  'Scotti',
  'Sergi',
  'Sirianni',
  'Spina',
  'Tedesco',
  'Tosi',
  'Toscano',
  'Valente',
  'Vecchi',
  'Venturi',
  'Villani',
  'Vinci',
  'Zani',
  'Zito',
  'Bortolotti',
  'Bonomi',
  'Calabrese',
  'Canale',
  'Capello',
  'Cassani',
  'Cavallo',
  'Cerutti',
  'Ciampi',
  'Colonna',
  'Coppi',
  'Cristiani',
  'Dal Molin',
  "Dell'Acqua",
  'Di Marco',
  'Esposti',
  'Ferrante',
]);

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}

export interface City {
  citta: string;
  cap: string;
  /** Province acronym (sigla automobilistica). */
  provincia: string;
  /** Cadastral code of the municipality (codice catastale / Belfiore). */
  codiceComune: string;
  /** Landline area code. */
  prefisso: string;
}

export const CITIES: readonly City[] = [
  { citta: 'Milano', cap: '20121', provincia: 'MI', codiceComune: 'F205', prefisso: '02' },
  { citta: 'Torino', cap: '10121', provincia: 'TO', codiceComune: 'L219', prefisso: '011' },
  { citta: 'Roma', cap: '00184', provincia: 'RM', codiceComune: 'H501', prefisso: '06' },
  { citta: 'Bologna', cap: '40121', provincia: 'BO', codiceComune: 'A944', prefisso: '051' },
  { citta: 'Firenze', cap: '50122', provincia: 'FI', codiceComune: 'D612', prefisso: '055' },
  { citta: 'Napoli', cap: '80133', provincia: 'NA', codiceComune: 'F839', prefisso: '081' },
  { citta: 'Verona', cap: '37121', provincia: 'VR', codiceComune: 'L781', prefisso: '045' },
  { citta: 'Padova', cap: '35122', provincia: 'PD', codiceComune: 'G224', prefisso: '049' },
  { citta: 'Genova', cap: '16121', provincia: 'GE', codiceComune: 'D969', prefisso: '010' },
  { citta: 'Bergamo', cap: '24121', provincia: 'BG', codiceComune: 'A794', prefisso: '035' },
  { citta: 'Brescia', cap: '25121', provincia: 'BS', codiceComune: 'B157', prefisso: '030' },
  { citta: 'Monza', cap: '20900', provincia: 'MB', codiceComune: 'F704', prefisso: '039' },
  { citta: 'Parma', cap: '43121', provincia: 'PR', codiceComune: 'G337', prefisso: '0521' },
  { citta: 'Modena', cap: '41121', provincia: 'MO', codiceComune: 'F257', prefisso: '059' },
  { citta: 'Bari', cap: '70121', provincia: 'BA', codiceComune: 'A662', prefisso: '080' },
  { citta: 'Palermo', cap: '90133', provincia: 'PA', codiceComune: 'G273', prefisso: '091' },
  { citta: 'Venezia', cap: '30124', provincia: 'VE', codiceComune: 'L736', prefisso: '041' },
  { citta: 'Trieste', cap: '34121', provincia: 'TS', codiceComune: 'L424', prefisso: '040' },
  { citta: 'Trento', cap: '38122', provincia: 'TN', codiceComune: 'L378', prefisso: '0461' },
  { citta: 'Bolzano', cap: '39100', provincia: 'BZ', codiceComune: 'A952', prefisso: '0471' },
  { citta: 'Udine', cap: '33100', provincia: 'UD', codiceComune: 'L483', prefisso: '0432' },
  { citta: 'Vicenza', cap: '36100', provincia: 'VI', codiceComune: 'L840', prefisso: '0444' },
  { citta: 'Treviso', cap: '31100', provincia: 'TV', codiceComune: 'L407', prefisso: '0422' },
  { citta: 'Como', cap: '22100', provincia: 'CO', codiceComune: 'C933', prefisso: '031' },
  { citta: 'Varese', cap: '21100', provincia: 'VA', codiceComune: 'L682', prefisso: '0332' },
  { citta: 'Pavia', cap: '27100', provincia: 'PV', codiceComune: 'G388', prefisso: '0382' },
  { citta: 'Cremona', cap: '26100', provincia: 'CR', codiceComune: 'D150', prefisso: '0372' },
  { citta: 'Piacenza', cap: '29121', provincia: 'PC', codiceComune: 'G535', prefisso: '0523' },
  { citta: "Reggio nell'Emilia", cap: '42121', provincia: 'RE', codiceComune: 'H223', prefisso: '0522' },
  { citta: 'Ferrara', cap: '44121', provincia: 'FE', codiceComune: 'D548', prefisso: '0532' },
  { citta: 'Ravenna', cap: '48121', provincia: 'RA', codiceComune: 'H199', prefisso: '0544' },
  { citta: 'Rimini', cap: '47921', provincia: 'RN', codiceComune: 'H294', prefisso: '0541' },
  { citta: 'Pisa', cap: '56125', provincia: 'PI', codiceComune: 'G702', prefisso: '050' },
  { citta: 'Livorno', cap: '57123', provincia: 'LI', codiceComune: 'E625', prefisso: '0586' },
  { citta: 'Lucca', cap: '55100', provincia: 'LU', codiceComune: 'E715', prefisso: '0583' },
  { citta: 'Siena', cap: '53100', provincia: 'SI', codiceComune: 'I726', prefisso: '0577' },
  { citta: 'Perugia', cap: '06121', provincia: 'PG', codiceComune: 'G478', prefisso: '075' },
  { citta: 'Ancona', cap: '60121', provincia: 'AN', codiceComune: 'A271', prefisso: '071' },
  { citta: 'Pescara', cap: '65121', provincia: 'PE', codiceComune: 'G482', prefisso: '085' },
  { citta: 'Cagliari', cap: '09124', provincia: 'CA', codiceComune: 'B354', prefisso: '070' },
  { citta: 'Catania', cap: '95131', provincia: 'CT', codiceComune: 'C351', prefisso: '095' },
  { citta: 'Messina', cap: '98122', provincia: 'ME', codiceComune: 'F158', prefisso: '090' },
  { citta: 'Salerno', cap: '84121', provincia: 'SA', codiceComune: 'H703', prefisso: '089' },
  { citta: 'Lecce', cap: '73100', provincia: 'LE', codiceComune: 'E506', prefisso: '0832' },
  { citta: 'Taranto', cap: '74121', provincia: 'TA', codiceComune: 'L049', prefisso: '099' },
  { citta: 'Novara', cap: '28100', provincia: 'NO', codiceComune: 'F952', prefisso: '0321' },
  { citta: 'Alessandria', cap: '15121', provincia: 'AL', codiceComune: 'A182', prefisso: '0131' },
  { citta: 'Cuneo', cap: '12100', provincia: 'CN', codiceComune: 'D205', prefisso: '0171' },
  { citta: 'Asti', cap: '14100', provincia: 'AT', codiceComune: 'A479', prefisso: '0141' },
  { citta: 'Sesto San Giovanni', cap: '20099', provincia: 'MI', codiceComune: 'I690', prefisso: '02' },
  { citta: 'Lodi', cap: '26900', provincia: 'LO', codiceComune: 'E648', prefisso: '0371' },
  { citta: 'Mantova', cap: '46100', provincia: 'MN', codiceComune: 'E897', prefisso: '0376' },
  { citta: 'Lecco', cap: '23900', provincia: 'LC', codiceComune: 'E507', prefisso: '0341' },
];

/** The cities where the demo administrator manages condominiums (Lombardy-centred studio). */
export const CONDOMINIUM_CITIES: readonly string[] = [
  'Milano',
  'Milano',
  'Milano',
  'Monza',
  'Bergamo',
  'Brescia',
  'Sesto San Giovanni',
  'Como',
  'Torino',
  'Bologna',
  'Verona',
  'Lecco',
];

export function cityByName(name: string): City {
  const city = CITIES.find((c) => c.citta === name);
  if (!city) throw new RangeError(`Città sconosciuta: ${name}`);
  return city;
}

export const STREET_NAMES: readonly string[] = [
  'Via Giuseppe Verdi',
  'Via Giuseppe Garibaldi',
  'Via Giuseppe Mazzini',
  'Via Camillo Benso di Cavour',
  'Corso Vittorio Emanuele II',
  'Via Roma',
  'Via Dante Alighieri',
  'Via Alessandro Manzoni',
  'Via Giacomo Leopardi',
  'Via Ugo Foscolo',
  'Via Giovanni Pascoli',
  'Via Torquato Tasso',
  'Piazza della Repubblica',
  'Piazza Cavour',
  'Piazza Garibaldi',
  'Piazza del Duomo',
  'Via XX Settembre',
  'Via IV Novembre',
  'Via XXV Aprile',
  'Viale della Libertà',
  'Via Nazionale',
  'Corso Italia',
  'Corso Buenos Aires',
  'Via Montenapoleone',
  'Via Torino',
  'Via Milano',
  'Via Bergamo',
  'Via Monte Rosa',
  'Via Monte Grappa',
  'Via Monte Bianco',
  'Via Cesare Battisti',
  'Via Nazario Sauro',
  'Via Fabio Filzi',
  'Via Guglielmo Marconi',
  'Via Alessandro Volta',
  'Via Galileo Galilei',
  'Via Leonardo da Vinci',
  'Via Michelangelo Buonarroti',
  'Via Raffaello Sanzio',
  'Via Antonio Gramsci',
  'Via Giacomo Matteotti',
  'Via Aldo Moro',
  'Via Luigi Einaudi',
  'Via Enrico Fermi',
  'Via Don Giovanni Minzoni',
  'Via Papa Giovanni XXIII',
  "Via San Francesco d'Assisi",
  'Via Santa Caterina',
  'Via dei Mille',
  'Via Vittorio Veneto',
  'Via Trieste',
  'Via Trento',
  'Via Gorizia',
  'Via Fiume',
  'Via Venezia',
  'Via Firenze',
  'Via Napoli',
  'Via Genova',
  'Via delle Rose',
  'Via dei Tigli',
  'Via dei Castagni',
  'Via delle Magnolie',
  'Via dei Gelsi',
  'Via degli Ulivi',
  'Viale dei Pini',
  'Via della Stazione',
  'Via del Lavoro',
  "Via dell'Industria",
  'Via Solferino',
  'Via Magenta',
  'Via Montebello',
  'Via Palestro',
  'Via San Martino',
  'Corso Magenta',
  'Corso Porta Romana',
  'Viale Monza',
  'Viale Abruzzi',
  'Via Padova',
  'Via Gian Battista Vico',
  'Via Ludovico Ariosto',
];

/** A street address "Via Roma, 12". */
export function streetAddress(rng: Rng): string {
  const number = rng.chance(0.1)
    ? `${rng.int(1, 120)}/${rng.pick(['A', 'B', 'C'])}`
    : String(rng.int(1, 180));
  return `${rng.pick(STREET_NAMES)}, ${number}`;
}

export const CONDOMINIUM_NAMES: readonly string[] = [
  'Condominio Le Magnolie',
  'Residenza dei Tigli',
  'Condominio Il Girasole',
  'Residenza Parco Nord',
  'Condominio Villa Serena',
  'Supercondominio Le Querce',
  'Condominio I Platani',
  'Residenza Il Borgo',
  'Condominio La Corte',
  'Residenza San Marco',
  'Condominio Belvedere',
  'Condominio Aurora',
  'Residenza Le Vele',
  'Condominio Primavera',
  'Condominio Il Glicine',
  'Residenza dei Fiori',
  'Condominio Gli Ulivi',
  'Condominio La Meridiana',
  'Residenza Quattro Stagioni',
  'Condominio Il Castello',
  'Condominio Le Betulle',
  'Residenza Lago Blu',
  'Condominio Santa Rita',
  'Condominio Il Parco',
  'Residenza Porta Nuova',
  'Condominio Le Terrazze',
  'Condominio I Cipressi',
  'Residenza Verde Brianza',
];

/** A condominium named after its address, the common Italian habit: "Condominio Via Roma 12". */
export function condominiumNameFromAddress(address: string): string {
  return `Condominio ${address.replace(',', '')}`;
}

export const COMPANY_PREFIXES: readonly string[] = [
  'Idraulica',
  'Elettro',
  'Ascensori',
  'Edil',
  'Termo',
  'Giardini',
  'Pulizie',
  'Impianti',
  'Serramenti',
  'Antincendio',
  'Clima',
  'Tecno',
  'Color',
  'Verde',
  'Sicurezza',
  'Vetreria',
  'Fabbro',
];

export const COMPANY_SUFFIXES: readonly string[] = [
  'S.r.l.',
  'S.n.c.',
  '& Figli',
  'S.a.s.',
  'S.r.l.s.',
  'S.p.A.',
];

/** Kinds of supplier work (tipi di attività fornitore). */
export const PROVIDER_ACTIVITY_KINDS: readonly string[] = [
  'Idraulico',
  'Elettricista',
  'Ascensorista',
  'Giardiniere',
  'Impresa di pulizie',
  'Manutenzione caldaie',
  'Antincendio',
  'Impresa edile',
  'Fabbro',
  'Vetraio',
  'Imbianchino',
  'Disinfestazione',
  'Antennista',
  'Spurghi',
  'Serramentista',
  'Amministrazione condominiale',
];

/** The company-name prefix that fits each kind of work. */
export const PREFIX_BY_KIND: Readonly<Record<string, string>> = {
  Idraulico: 'Idraulica',
  Elettricista: 'Elettro',
  Ascensorista: 'Ascensori',
  Giardiniere: 'Giardini',
  'Impresa di pulizie': 'Pulizie',
  'Manutenzione caldaie': 'Termo',
  Antincendio: 'Antincendio',
  'Impresa edile': 'Edil',
  Fabbro: 'Fabbro',
  Vetraio: 'Vetreria',
  Imbianchino: 'Color',
  Disinfestazione: 'Sicurezza',
  Antennista: 'Tecno',
  Spurghi: 'Idraulica',
  Serramentista: 'Serramenti',
  'Amministrazione condominiale': 'Studio',
};

/** A supplier business name, e.g. "Idraulica Brambilla S.r.l." or "Edil Conti & Figli". */
export function companyName(rng: Rng, kind?: string): string {
  const prefix = (kind && PREFIX_BY_KIND[kind]) || rng.pick(COMPANY_PREFIXES);
  const surname = rng.pick(SURNAMES);
  const pattern = rng.int(0, 3);
  if (pattern === 0) return `${prefix} ${surname} ${rng.pick(COMPANY_SUFFIXES)}`;
  if (pattern === 1)
    return `${prefix}${rng.pick(['', ' '])}${rng.pick(['Service', 'Nord', 'Lombarda', 'Group', 'Italia'])} ${rng.pick(COMPANY_SUFFIXES)}`;
  if (pattern === 2) return `${surname} ${rng.pick(['& Figli', 'S.n.c.', 'Servizi S.r.l.'])}`;
  return `${prefix} ${surname} e ${rng.pick(SURNAMES)} ${rng.pick(COMPANY_SUFFIXES)}`;
}

export interface ActivityTemplate {
  titolo: string;
  descrizione: string;
}

/** Activity titles and descriptions by the kind of supplier that would handle them. */
export const ACTIVITY_TEMPLATES: Readonly<Record<string, readonly ActivityTemplate[]>> = {
  Idraulico: [
    {
      titolo: "Perdita d'acqua nel locale caldaia",
      descrizione:
        "Il custode segnala una perdita d'acqua continua dal collettore del locale caldaia; il pavimento è bagnato.",
    },
    {
      titolo: 'Infiltrazione dal soffitto del box 14',
      descrizione:
        'Macchia di umidità in espansione sul soffitto del box, probabilmente dalla colonna di scarico sovrastante.',
    },
    {
      titolo: 'Colonna di scarico ostruita scala A',
      descrizione: 'Gli inquilini dei piani bassi lamentano rigurgiti dai lavandini di cucina.',
    },
    {
      titolo: 'Autoclave rumorosa',
      descrizione:
        "L'autoclave si avvia e si ferma di continuo anche di notte; probabile vaso di espansione scarico.",
    },
    {
      titolo: "Mancanza d'acqua calda",
      descrizione: 'Da questa mattina non arriva acqua calda agli appartamenti della scala B.',
    },
    {
      titolo: 'Contatore acqua da sostituire',
      descrizione: "Il contatore generale risulta bloccato alla lettura di verifica dell'ente gestore.",
    },
  ],
  Elettricista: [
    {
      titolo: 'Luci scale non funzionanti',
      descrizione:
        'Le luci della scala B non si accendono dal terzo al sesto piano; il temporizzatore sembra guasto.',
    },
    {
      titolo: 'Citofono guasto scala B',
      descrizione: "Il citofono dell'interno 7 non riceve le chiamate dal portone principale.",
    },
    {
      titolo: 'Salvavita condominiale scatta',
      descrizione:
        'Il differenziale del quadro parti comuni scatta più volte al giorno, soprattutto con la pioggia.',
    },
    {
      titolo: 'Illuminazione cortile spenta',
      descrizione: 'I lampioni del cortile interno restano spenti; il crepuscolare potrebbe essere guasto.',
    },
    {
      titolo: 'Verifica impianto di messa a terra',
      descrizione: 'Scadenza della verifica biennale DPR 462/01: programmare il sopralluogo.',
    },
  ],
  Ascensorista: [
    {
      titolo: 'Ascensore fermo al piano terra',
      descrizione: "L'ascensore è bloccato al piano terra con le porte aperte; il display segnala un errore.",
    },
    {
      titolo: 'Porta ascensore non si chiude',
      descrizione: 'La porta di piano al quarto piano non si chiude completamente e la cabina non parte.',
    },
    {
      titolo: 'Rumore anomalo in cabina',
      descrizione: "Durante la salita si sente un rumore metallico all'altezza del secondo piano.",
    },
    {
      titolo: 'Visita periodica ascensore',
      descrizione: "Visita semestrale dell'ente notificato: serve la presenza del manutentore.",
    },
    {
      titolo: 'Pulsantiera cabina danneggiata',
      descrizione: 'Il pulsante del quinto piano è rotto e non risponde.',
    },
  ],
  Giardiniere: [
    {
      titolo: 'Potatura alberi del cortile',
      descrizione:
        "I rami dei tigli toccano le finestre del primo piano; serve una potatura prima dell'estate.",
    },
    {
      titolo: 'Irrigazione automatica guasta',
      descrizione: "L'impianto di irrigazione non parte; le aiuole all'ingresso stanno seccando.",
    },
    {
      titolo: 'Taglio siepe perimetrale',
      descrizione: 'La siepe lungo la recinzione invade il marciapiede.',
    },
    {
      titolo: 'Rimozione albero pericolante',
      descrizione: 'Dopo il temporale un pino del giardino è inclinato verso il parcheggio.',
    },
  ],
  'Impresa di pulizie': [
    {
      titolo: 'Pulizia straordinaria androne',
      descrizione: 'Dopo i lavori in facciata serve una pulizia straordinaria di androne e scale.',
    },
    {
      titolo: 'Scale non pulite da due settimane',
      descrizione: 'Diversi condomini segnalano che le scale non vengono lavate da due settimane.',
    },
    {
      titolo: 'Gestione bidoni raccolta differenziata',
      descrizione: 'I bidoni non vengono esposti nei giorni di raccolta.',
    },
  ],
  'Manutenzione caldaie': [
    {
      titolo: 'Caldaia centralizzata in blocco',
      descrizione: 'La caldaia centralizzata è in blocco dalla notte; i termosifoni sono freddi.',
    },
    {
      titolo: 'Prima accensione impianto termico',
      descrizione: 'Programmare la prima accensione stagionale e la pulizia dei bruciatori.',
    },
    {
      titolo: 'Analisi dei fumi',
      descrizione: 'Scadenza del controllo di efficienza energetica della centrale termica.',
    },
    {
      titolo: 'Termosifoni freddi ultimo piano',
      descrizione:
        "Gli appartamenti dell'ultimo piano lamentano termosifoni tiepidi: serve lo sfiato dell'impianto.",
    },
  ],
  Antincendio: [
    {
      titolo: 'Revisione semestrale estintori',
      descrizione: 'Controllo semestrale degli estintori delle autorimesse.',
    },
    {
      titolo: 'Porta tagliafuoco box danneggiata',
      descrizione: 'La porta REI tra scala e autorimessa non si richiude da sola.',
    },
    {
      titolo: 'Rinnovo CPI autorimessa',
      descrizione: "Il certificato di prevenzione incendi dell'autorimessa scade a fine anno.",
    },
  ],
  'Impresa edile': [
    {
      titolo: 'Infiltrazioni dal tetto',
      descrizione: "Dopo le ultime piogge ci sono infiltrazioni nel sottotetto dell'interno 12.",
    },
    {
      titolo: 'Intonaco distaccato in facciata',
      descrizione: 'Un pezzo di intonaco è caduto sul marciapiede dal balcone del terzo piano: transennare.',
    },
    { titolo: 'Crepa sul muro di cinta', descrizione: 'Crepa passante sul muro di cinta lato parcheggio.' },
    {
      titolo: 'Rifacimento impermeabilizzazione terrazzo',
      descrizione: 'Preventivo per il rifacimento della guaina del terrazzo condominiale.',
    },
    {
      titolo: 'Gradino rotto scala esterna',
      descrizione: 'Il terzo gradino della scala esterna è scheggiato e pericoloso.',
    },
  ],
  Fabbro: [
    {
      titolo: 'Cancello carraio bloccato',
      descrizione: 'Il cancello automatico del passo carraio non si apre con il telecomando.',
    },
    {
      titolo: 'Serratura portone rotta',
      descrizione: 'La serratura del portone principale non si chiude a chiave.',
    },
    {
      titolo: 'Ringhiera balcone arrugginita',
      descrizione:
        'La ringhiera del ballatoio al secondo piano presenta punti di ruggine e un montante allentato.',
    },
  ],
  Vetraio: [
    {
      titolo: 'Vetro rotto portone ingresso',
      descrizione: "Il vetro del portone d'ingresso è incrinato dopo un urto.",
    },
    {
      titolo: 'Lucernario scale crepato',
      descrizione: 'Il lucernario sopra la scala A lascia passare acqua.',
    },
  ],
  Imbianchino: [
    {
      titolo: 'Tinteggiatura vano scala',
      descrizione: 'Preventivo per la tinteggiatura del vano scala B deliberata in assemblea.',
    },
    {
      titolo: 'Scritte sul muro esterno',
      descrizione: 'Rimozione di scritte vandaliche sul muro esterno lato strada.',
    },
  ],
  Disinfestazione: [
    {
      titolo: 'Topi nelle cantine',
      descrizione: 'Segnalata la presenza di topi nel corridoio delle cantine.',
    },
    {
      titolo: 'Derattizzazione periodica',
      descrizione: 'Intervento trimestrale di derattizzazione delle aree comuni.',
    },
    {
      titolo: 'Nido di vespe sotto la gronda',
      descrizione: "Nido di vespe sotto la gronda sopra l'ingresso pedonale.",
    },
  ],
  Antennista: [
    {
      titolo: 'Segnale TV assente',
      descrizione: 'Diversi appartamenti non ricevono i canali RAI dopo il temporale.',
    },
    {
      titolo: 'Parabola condominiale disallineata',
      descrizione: 'Il segnale satellitare è assente su tutta la scala C.',
    },
  ],
  Spurghi: [
    {
      titolo: 'Fognatura intasata',
      descrizione: "Il pozzetto del cortile trabocca; odori forti nell'androne.",
    },
    { titolo: 'Pulizia fossa biologica', descrizione: 'Svuotamento periodico della fossa biologica.' },
  ],
  Serramentista: [
    {
      titolo: 'Finestra vano scala non si chiude',
      descrizione: 'La finestra del pianerottolo al quarto piano non si chiude e sbatte col vento.',
    },
  ],
  'Amministrazione condominiale': [
    {
      titolo: 'Richiesta copia regolamento',
      descrizione:
        'Un nuovo condomino chiede copia del regolamento di condominio e delle tabelle millesimali.',
    },
    {
      titolo: 'Convocazione assemblea straordinaria',
      descrizione: "Richiesta di convocazione di un'assemblea straordinaria per i lavori in facciata.",
    },
  ],
};

/** Every template, with its kind, for picking at random. */
export const ALL_ACTIVITY_TEMPLATES: ReadonlyArray<ActivityTemplate & { kind: string }> = Object.entries(
  ACTIVITY_TEMPLATES,
).flatMap(([kind, list]) => list.map((t) => ({ ...t, kind })));

export const NOTE_TEXTS: readonly string[] = [
  "Sentito il condomino dell'interno 5: conferma il problema anche nel fine settimana.",
  'Chiesto preventivo a due ditte, in attesa di risposta.',
  'Il tecnico ha effettuato il sopralluogo; serve un ricambio che arriverà in settimana.',
  'Informato il consigliere di scala, che darà accesso al locale tecnico.',
  "Il custode ha transennato la zona in attesa dell'intervento.",
  'Ricevute le foto dal condomino, allegate al fascicolo.',
  'Sollecitata la ditta telefonicamente.',
  'Intervento rimandato per maltempo.',
  'Preventivo approvato dal consiglio di condominio.',
  'Da portare in assemblea ordinaria.',
  'Segnalazione duplicata: vedi pratica precedente.',
  'Avvisati i condomini con un cartello in bacheca.',
  'Il problema si è ripresentato dopo la riparazione.',
  "Verificata la copertura dell'assicurazione: franchigia di 250 euro.",
];

export const INSURANCE_COMPANIES: readonly string[] = [
  'Generali Italia S.p.A.',
  'UnipolSai Assicurazioni S.p.A.',
  'Allianz S.p.A.',
  'AXA Assicurazioni S.p.A.',
  'Reale Mutua Assicurazioni',
  'Cattolica Assicurazioni',
  'Zurich Insurance plc',
  'HDI Assicurazioni S.p.A.',
  'Itas Mutua',
  'Vittoria Assicurazioni S.p.A.',
];

export const BANKS: ReadonlyArray<{ nome: string; abi: string; bic: string }> = [
  { nome: 'Intesa Sanpaolo', abi: '03069', bic: 'BCITITMM' },
  { nome: 'UniCredit', abi: '02008', bic: 'UNCRITMM' },
  { nome: 'Banco BPM', abi: '05034', bic: 'BAPPIT21' },
  { nome: 'BPER Banca', abi: '05387', bic: 'BPMOIT22' },
  { nome: 'Crédit Agricole Italia', abi: '06230', bic: 'CRPPIT2P' },
  { nome: 'Banca Monte dei Paschi di Siena', abi: '01030', bic: 'PASCITMM' },
  { nome: 'Banca Popolare di Sondrio', abi: '05696', bic: 'POSOIT22' },
  { nome: 'Credito Emiliano', abi: '03032', bic: 'BACRIT22' },
];

const MOBILE_PREFIXES = [
  '320',
  '328',
  '329',
  '331',
  '333',
  '334',
  '335',
  '338',
  '339',
  '340',
  '345',
  '347',
  '348',
  '349',
  '351',
  '366',
  '380',
  '388',
  '392',
  '393',
];

/** An Italian mobile number "347 1234567". */
export function mobilePhone(rng: Rng): string {
  return `${rng.pick(MOBILE_PREFIXES)} ${rng.digits(7)}`;
}

/** A landline with the city's area code, "02 12345678" / "0521 123456". */
export function landlinePhone(rng: Rng, city: City): string {
  const length = Math.max(6, 10 - city.prefisso.length);
  return `${city.prefisso} ${rng.int(1, 9)}${rng.digits(length - 1)}`;
}

const EMAIL_DOMAINS = [
  'gmail.com',
  'libero.it',
  'yahoo.it',
  'hotmail.it',
  'outlook.it',
  'alice.it',
  'tiscali.it',
  'virgilio.it',
  'fastwebnet.it',
];

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 30);
}

/** "mario.rossi72@libero.it" from a name; `unique` keeps generated addresses distinct. */
export function personEmail(rng: Rng, nome: string, cognome: string, unique?: number): string {
  const base = rng.pick([
    `${slug(nome)}.${slug(cognome)}`,
    `${slug(nome)}${slug(cognome)}`,
    `${slug(nome)[0]}.${slug(cognome)}`,
  ]);
  const suffix = unique !== undefined ? String(unique) : rng.chance(0.4) ? String(rng.int(1, 99)) : '';
  return `${base}${suffix}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** "info@idraulicabrambilla.it" from a company name. */
export function companyEmail(rng: Rng, company: string, unique?: number): string {
  const domain =
    slug(company.replace(/\b(S\.r\.l\.s?|S\.n\.c\.|S\.a\.s\.|S\.p\.A\.|& Figli)/g, '')) || 'impresa';
  return `${rng.pick(['info', 'amministrazione', 'ufficio', 'assistenza'])}@${domain}${unique ?? ''}.it`;
}

/** The certified email (PEC) of a company. */
export function companyPec(company: string, unique?: number): string {
  const domain =
    slug(company.replace(/\b(S\.r\.l\.s?|S\.n\.c\.|S\.a\.s\.|S\.p\.A\.|& Figli)/g, '')) || 'impresa';
  return `${domain}${unique ?? ''}@pec.it`;
}

/** The administrator's staff: the operators who handle activities. */
export const OPERATORS: readonly string[] = [
  'Mario Rossi',
  'Giulia Bianchi',
  'Luca Verdi',
  'Francesca Colombo',
  'Andrea Ferrari',
  'Sara Moretti',
];

/** Types of resource (tipi risorsa) of a condominium. */
export const RESOURCE_TYPES: readonly string[] = [
  'Conto corrente',
  'Cassa contanti',
  'Conto deposito',
  'Carta prepagata',
];

/** Names of reserve funds (fondi). */
export const FUND_NAMES: readonly string[] = [
  'Fondo cassa ordinario',
  'Fondo lavori straordinari',
  'Fondo rischi morosità',
  'Fondo TFR portiere',
  'Fondo rifacimento facciate',
  'Fondo manutenzione ascensore',
];

/** Names of building blocks (palazzine). */
export const BUILDING_NAMES: readonly string[] = [
  'Palazzina A',
  'Palazzina B',
  'Palazzina C',
  'Corpo centrale',
  'Villino',
  'Edificio Est',
  'Edificio Ovest',
];

/** Names of unit groups (gruppi). */
export const GROUP_NAMES: readonly string[] = [
  'Appartamenti',
  'Box auto',
  'Negozi',
  'Cantine',
  'Uffici',
  'Posti moto',
];

/** Where a common part is in the building (ubicazione). */
export const LOCATIONS: readonly string[] = [
  'Piano interrato',
  'Locale tecnico',
  'Cortile interno',
  'Sottotetto',
  'Copertura',
  'Androne',
  'Vano scala A',
  'Vano scala B',
  'Autorimessa',
  'Giardino condominiale',
  'Terrazzo',
  'Ingresso principale',
];
