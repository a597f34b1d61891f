/** The words the demo cases are made of: Norwegian customers, products, faults, suppliers. */

export const DEMO_ITEM_TYPES = [
  {
    key: 'coffee-machine',
    names: { en: 'Coffee machine', nr: 'Kaffemaskin', da: 'Kaffemaskine', de: 'Kaffeemaschine' },
  },
  { key: 'kettle', names: { en: 'Kettle', nr: 'Vannkoker', da: 'Elkedel', de: 'Wasserkocher' } },
  { key: 'vacuum', names: { en: 'Vacuum cleaner', nr: 'Støvsuger', da: 'Støvsuger', de: 'Staubsauger' } },
  { key: 'phone', names: { en: 'Mobile phone', nr: 'Mobiltelefon', da: 'Mobiltelefon', de: 'Mobiltelefon' } },
  { key: 'laptop', names: { en: 'Laptop', nr: 'Bærbar PC', da: 'Bærbar computer', de: 'Laptop' } },
  {
    key: 'headphones',
    names: { en: 'Headphones', nr: 'Hodetelefoner', da: 'Høretelefoner', de: 'Kopfhörer' },
  },
  { key: 'tv', names: { en: 'Television', nr: 'TV', da: 'Fjernsyn', de: 'Fernseher' } },
  {
    key: 'washing-machine',
    names: { en: 'Washing machine', nr: 'Vaskemaskin', da: 'Vaskemaskine', de: 'Waschmaschine' },
  },
  { key: 'bicycle', names: { en: 'Bicycle', nr: 'Sykkel', da: 'Cykel', de: 'Fahrrad' } },
  { key: 'jacket', names: { en: 'Jacket', nr: 'Jakke', da: 'Jakke', de: 'Jacke' } },
] as const;

export const PRODUCTS: Record<string, [string, string][]> = {
  'coffee-machine': [
    ['Moccamaster KBG Select', 'MM-KBG'],
    ['Jura E8', 'JU-E8'],
    ['Philips LatteGo 3200', 'PH-LG32'],
  ],
  kettle: [
    ['Bosch Styline vannkoker', 'BO-TWK8'],
    ['OBH Nordica Design', 'OBH-DS'],
  ],
  vacuum: [
    ['Dyson V15 Detect', 'DY-V15'],
    ['Electrolux Pure Q9', 'EL-PQ9'],
  ],
  phone: [
    ['Samsung Galaxy S24', 'SA-S24'],
    ['iPhone 15', 'AP-IP15'],
    ['Google Pixel 8', 'GO-PX8'],
  ],
  laptop: [
    ['Lenovo ThinkPad E14', 'LE-E14'],
    ['MacBook Air 13', 'AP-MBA13'],
  ],
  headphones: [
    ['Sony WH-1000XM5', 'SO-XM5'],
    ['Bose QuietComfort Ultra', 'BO-QCU'],
  ],
  tv: [
    ['LG OLED C3 55"', 'LG-C355'],
    ['Samsung QLED 65"', 'SA-Q65'],
  ],
  'washing-machine': [
    ['Electrolux PerfectCare 800', 'EL-PC800'],
    ['Bosch Serie 6', 'BO-S6'],
  ],
  bicycle: [
    ['DBS Intruder 20', 'DBS-I20'],
    ['Merida Crossway 100', 'ME-CW100'],
  ],
  jacket: [
    ['Bergans Skarstind jakke', 'BE-SKA'],
    ['Norrøna Falketind Gore-Tex', 'NO-FGT'],
  ],
};

export const FIRST_NAMES = [
  'Ola',
  'Kari',
  'Per',
  'Ingrid',
  'Lars',
  'Sigrid',
  'Nils',
  'Astrid',
  'Håkon',
  'Solveig',
  'Bjørn',
  'Ragnhild',
  'Eirik',
  'Marit',
  'Øystein',
  'Åse',
  'Jonas',
  'Nora',
  'Magnus',
  'Emma',
  'Sindre',
  'Thea',
  'Henrik',
  'Ingeborg',
];
export const LAST_NAMES = [
  'Nordmann',
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Johnsen',
  'Pettersen',
  'Eriksen',
  'Berg',
  'Haugen',
  'Hagen',
  'Bakken',
  'Lie',
  'Dahl',
  'Solberg',
  'Strand',
  'Moen',
  'Sæther',
  'Ødegård',
];
export const STREETS = [
  'Storgata',
  'Kirkegata',
  'Skolegata',
  'Strandveien',
  'Bjerkeveien',
  'Solbakken',
  'Fjellveien',
  'Havnegata',
];
export const PLACES = [
  '0150 Oslo',
  '5003 Bergen',
  '7010 Trondheim',
  '4006 Stavanger',
  '9008 Tromsø',
  '3015 Drammen',
  '1606 Fredrikstad',
  '2317 Hamar',
];
export const SUPPLIERS = [
  'Elkjøp Nordic AS',
  'Power Norge AS',
  'Bergans Fritid AS',
  'Clas Ohlson AS',
  'Komplett Services AS',
  'XXL Sport & Villmark AS',
];
export const FAULTS = [
  'Starter ikke',
  'Lekker vann',
  'Lager ulyd ved bruk',
  'Knust ved levering',
  'Batteriet lader ikke',
  'Skjermen flimrer',
  'Glidelåsen har røket',
  'Feil farge levert',
  'Slutter å virke etter kort tid',
  'Mangler deler i esken',
];
export const SUPPORT_TOPICS = [
  'Hvor er pakken min?',
  'Ønsker å bytte størrelse',
  'Spørsmål om garanti',
  'Faktura stemmer ikke',
  'Hvordan registrerer jeg produktet?',
  'Endre leveringsadresse',
  'Spørsmål om åpent kjøp',
  'Mangler kvittering',
];
