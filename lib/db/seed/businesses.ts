/**
 * Indian businesses for the demo data: the vocabulary of a client's customer base, business and
 * group names, legal forms, and the identifiers built from them (GSTIN, e-mail).
 */
import { surname } from './people';
import type { City, Region } from './places';
import type { Rng } from './random';
import { gstinCheckChar } from '../../domain/gstin';

/** The vocabulary of one client's customer base (a general-trade distributor, an agro-food company). */
export interface BusinessVocabulary {
  stems: readonly string[];
  /** Trade words by sales channel (dim3 value). */
  trades: Readonly<Record<string, readonly string[]>>;
  groupWords: readonly string[];
  /** What the customer does, by sales channel (dim3 value). */
  info: Readonly<Record<string, readonly string[]>>;
}

const DEVOTIONAL = [
  'Shree Balaji',
  'Laxmi',
  'Sai Krishna',
  'Shree Ganesh',
  'Mahalaxmi',
  'Jai Ambe',
  'Om Sai',
  'Shiv Shakti',
  'Sri Venkateswara',
  'Gurukripa',
  'Jai Bhavani',
  'Navkar',
  'Mahavir',
  'Parshwanath',
  'Shubh Labh',
  'Siddhivinayak',
  'Radhe Shyam',
  'Ganpati',
  'Shree Ram',
  'Tirupati',
  'Padmavati',
  'Vaishnavi',
];
const MODERN = [
  'Bharat',
  'Hindustan',
  'National',
  'Royal',
  'Supreme',
  'Apex',
  'Pioneer',
  'Galaxy',
  'Sunrise',
  'New India',
  'Modern',
  'Kohinoor',
  'Deccan',
  'Narmada',
  'Ganga',
  'Vindhya',
  'Himalaya',
  'Amrit',
  'Anand',
  'Ashoka',
  'Everest',
  'Kamdhenu',
  'Sagar',
  'Surya',
  'Prakash',
  'Jyoti',
  'Kalpataru',
  'Vishal',
  'Vijay',
];

export const GENERAL_TRADE: BusinessVocabulary = {
  stems: [...DEVOTIONAL, ...MODERN],
  trades: {
    Distributor: ['Distributors', 'Agencies', 'Marketing', 'Sales Corporation', 'Trading Co.', 'Enterprises'],
    'General Trade': ['Traders', 'Enterprises', 'Wholesale', 'General Stores', '& Sons', 'Brothers', '& Co.'],
    'Modern Trade': ['Supermart', 'Retail', 'Hypermarket', 'Mega Mart', 'Fresh Bazaar'],
    Institutional: ['Hospitality', 'Caterers', 'Canteen Services', 'Hotels', 'Facility Services'],
    'E-commerce': ['eMart', 'Online Retail', 'Quick Commerce', 'Digital Bazaar'],
  },
  groupWords: ['Group', 'Group of Companies', 'Holdings', 'Retail Holdings', 'Industries', 'Trade Links'],
  info: {
    Distributor: ['FMCG stockist', 'Personal care and home care distributor', 'Super-stockist for the district'],
    'General Trade': ['Kirana wholesale counter', 'Packaged foods wholesaler', 'Sub-distributor for rural beat'],
    'Modern Trade': ['Regional supermarket chain', 'Neighbourhood hypermarket', 'Modern trade franchisee'],
    Institutional: ['Hotel and restaurant group', 'Corporate canteen operator', 'Hospital and hostel supplier'],
    'E-commerce': ['Online grocery seller', 'Quick-commerce dark-store operator', 'Marketplace seller'],
  },
};

export const AGRO_FOOD: BusinessVocabulary = {
  stems: [
    'Cauvery',
    'Annapurna',
    'Bhagyalakshmi',
    'Thirumala',
    'Green Valley',
    'Krishi',
    'Kisan',
    'Dhanalakshmi',
    'Amman',
    'Murugan',
    'Vinayaka',
    'Sri Rama',
    'Nandini',
    'Malnad',
    'Coorg',
    'Tunga',
    'Hemavathi',
    'Golden Harvest',
    'Farm Fresh',
    'Sri Lakshmi Narasimha',
    'Meenakshi',
    'Sri Sai Ram',
    'Annapoorna',
    'Vasundhara',
  ],
  trades: {
    Distributor: ['Agro Agencies', 'Agri Distributors', 'Food Distributors', 'Agro Traders'],
    'General Trade': ['Grain Merchants', 'Provision Stores', 'Rice Traders', 'Oil Depot', 'Dal Merchants'],
    'Modern Trade': ['Fresh Mart', 'Organic Store', 'Food Bazaar', 'Supermarket'],
    Institutional: ['Rice Mill', 'Oil Mills', 'Food Products', 'Spices', 'Dal Mill', 'Cold Storage', 'Bakers'],
    'E-commerce': ['Farm Direct', 'Online Grocers', 'Agri Commerce'],
  },
  groupWords: ['Agro Group', 'Group', 'Agro Industries', 'Food Holdings', 'Agri Ventures'],
  info: {
    Distributor: ['Agro-input and food distributor', 'Edible oil wholesaler', 'Cold-chain distributor'],
    'General Trade': ['Paddy and rice trader', 'Pulses and spices merchant', 'Provision wholesaler'],
    'Modern Trade': ['Organic produce retailer', 'Regional grocery chain', 'Supermarket franchisee'],
    Institutional: ['Food processing unit', 'Bakery and confectionery maker', 'Flour and dal mill'],
    'E-commerce': ['Online grocer', 'Farm-to-home delivery start-up', 'Marketplace seller of staples'],
  },
};

export type LegalForm = 'PVT_LTD' | 'LTD' | 'LLP' | 'PARTNERSHIP' | 'PROPRIETOR';
const LEGAL_SUFFIX: Record<LegalForm, string> = {
  PVT_LTD: ' Pvt Ltd',
  LTD: ' Ltd',
  LLP: ' LLP',
  PARTNERSHIP: '',
  PROPRIETOR: '',
};
/** The 4th letter of a PAN says what the holder is: C company, F firm or LLP, P person. */
const PAN_HOLDER: Record<LegalForm, string> = { PVT_LTD: 'C', LTD: 'C', LLP: 'F', PARTNERSHIP: 'F', PROPRIETOR: 'P' };

export function legalForm(rng: Rng, channel: string): LegalForm {
  if (channel === 'Modern Trade' || channel === 'E-commerce') {
    return rng.weighted([
      ['PVT_LTD', 6],
      ['LLP', 2],
      ['LTD', 1],
      ['PARTNERSHIP', 1],
    ]);
  }
  return rng.weighted([
    ['PROPRIETOR', 4],
    ['PARTNERSHIP', 3],
    ['PVT_LTD', 3],
    ['LLP', 1],
  ]);
}

/** "Shree Balaji Traders", "Mehta Distributors Pvt Ltd", "Sagar Hospitality LLP". */
export function businessName(
  rng: Rng,
  vocab: BusinessVocabulary,
  channel: string,
  form: LegalForm,
  stem?: string,
): string {
  const trades = vocab.trades[channel] ?? vocab.trades['General Trade'] ?? ['Traders'];
  const base = stem ?? rng.pick(vocab.stems);
  return `${base} ${rng.pick(trades)}${LEGAL_SUFFIX[form]}`;
}

/** Parent obligors are business groups: "Agarwal Group", "Reddy Retail Holdings". */
export function groupName(rng: Rng, vocab: BusinessVocabulary, region: Region): { name: string; stem: string } {
  const stem = rng.chance(0.6) ? surname(rng, region) : rng.pick(vocab.stems);
  return { name: `${stem} ${rng.pick(vocab.groupWords)}`, stem };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A valid-looking GSTIN: state code + PAN (AAA + holder type + initial + 4 digits + letter) +
 * registration number in the state + 'Z' + check character.
 */
export function gstin(rng: Rng, stateCode: string, form: LegalForm, name: string): string {
  const initial = /[A-Z]/.exec(name.toUpperCase())?.[0] ?? 'A';
  let pan = 'AA';
  pan += LETTERS[rng.int(0, 25)];
  pan += PAN_HOLDER[form] + initial + String(rng.int(1000, 9999)) + LETTERS[rng.int(0, 25)];
  const first14 = `${stateCode}${pan}${rng.weighted([
    ['1', 9],
    ['2', 1],
  ])}Z`;
  return first14 + gstinCheckChar(first14);
}

/** A domain-safe slug of a business name: "Shree Balaji Traders Pvt Ltd" -> "shreebalajitraders". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\b(pvt|ltd|llp|co)\b/g, '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 24);
}

/** Small traders use webmail; companies have their own domain. */
export function businessEmail(rng: Rng, name: string, form: LegalForm): string {
  const s = slug(name);
  if (form === 'PROPRIETOR' || form === 'PARTNERSHIP') {
    if (rng.chance(0.6))
      return `${s}${rng.int(1, 99)}@${rng.weighted([
        ['gmail.com', 6],
        ['yahoo.co.in', 2],
        ['rediffmail.com', 1],
      ])}`;
  }
  return `${rng.pick(['accounts', 'finance', 'billing', 'info'])}@${s}.in`;
}

export function businessInfo(
  rng: Rng,
  vocab: BusinessVocabulary,
  channel: string,
  city: City,
  sinceYear: number,
): string {
  const what = vocab.info[channel] ?? vocab.info['General Trade'] ?? ['Trader'];
  return `${rng.pick(what)}, ${city.name} (${city.state}); customer since ${sinceYear}`;
}
