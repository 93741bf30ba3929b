/**
 * Indian vocabulary for the demo data: places (with GST state codes, so GSTINs match the city),
 * business and group names, people, and the identifiers built from them.
 */
import type { Rng } from './random';

export const REGIONS = ['North', 'South', 'East', 'West', 'Central'] as const;
export type Region = (typeof REGIONS)[number];

export interface City {
  name: string;
  state: string;
  /** GST state code: the first two digits of every GSTIN registered there. */
  stateCode: string;
  region: Region;
  /** Relative share of customers (bigger trading hubs have more). */
  weight: number;
  port?: boolean;
}

export const CITIES: readonly City[] = [
  { name: 'Delhi', state: 'Delhi', stateCode: '07', region: 'North', weight: 10 },
  { name: 'Gurugram', state: 'Haryana', stateCode: '06', region: 'North', weight: 4 },
  { name: 'Jaipur', state: 'Rajasthan', stateCode: '08', region: 'North', weight: 5 },
  { name: 'Lucknow', state: 'Uttar Pradesh', stateCode: '09', region: 'North', weight: 5 },
  { name: 'Kanpur', state: 'Uttar Pradesh', stateCode: '09', region: 'North', weight: 3 },
  { name: 'Chandigarh', state: 'Chandigarh', stateCode: '04', region: 'North', weight: 3 },
  { name: 'Ludhiana', state: 'Punjab', stateCode: '03', region: 'North', weight: 3 },
  { name: 'Dehradun', state: 'Uttarakhand', stateCode: '05', region: 'North', weight: 2 },
  { name: 'Mumbai', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 12, port: true },
  { name: 'Pune', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 7 },
  { name: 'Nashik', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 3 },
  { name: 'Ahmedabad', state: 'Gujarat', stateCode: '24', region: 'West', weight: 7 },
  { name: 'Surat', state: 'Gujarat', stateCode: '24', region: 'West', weight: 5, port: true },
  { name: 'Vadodara', state: 'Gujarat', stateCode: '24', region: 'West', weight: 3 },
  { name: 'Rajkot', state: 'Gujarat', stateCode: '24', region: 'West', weight: 2 },
  { name: 'Panaji', state: 'Goa', stateCode: '30', region: 'West', weight: 1 },
  { name: 'Bengaluru', state: 'Karnataka', stateCode: '29', region: 'South', weight: 10 },
  { name: 'Mysuru', state: 'Karnataka', stateCode: '29', region: 'South', weight: 2 },
  { name: 'Chennai', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 8, port: true },
  { name: 'Coimbatore', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 4 },
  { name: 'Madurai', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 2 },
  { name: 'Hyderabad', state: 'Telangana', stateCode: '36', region: 'South', weight: 8 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', stateCode: '37', region: 'South', weight: 3, port: true },
  { name: 'Kochi', state: 'Kerala', stateCode: '32', region: 'South', weight: 4, port: true },
  { name: 'Thiruvananthapuram', state: 'Kerala', stateCode: '32', region: 'South', weight: 2 },
  { name: 'Kolkata', state: 'West Bengal', stateCode: '19', region: 'East', weight: 8, port: true },
  { name: 'Bhubaneswar', state: 'Odisha', stateCode: '21', region: 'East', weight: 3 },
  { name: 'Patna', state: 'Bihar', stateCode: '10', region: 'East', weight: 3 },
  { name: 'Guwahati', state: 'Assam', stateCode: '18', region: 'East', weight: 2 },
  { name: 'Ranchi', state: 'Jharkhand', stateCode: '20', region: 'East', weight: 2 },
  { name: 'Indore', state: 'Madhya Pradesh', stateCode: '23', region: 'Central', weight: 4 },
  { name: 'Bhopal', state: 'Madhya Pradesh', stateCode: '23', region: 'Central', weight: 3 },
  { name: 'Nagpur', state: 'Maharashtra', stateCode: '27', region: 'Central', weight: 4 },
  { name: 'Raipur', state: 'Chhattisgarh', stateCode: '22', region: 'Central', weight: 2 },
];

// First names and surnames lean regional, so a Chennai contact is more likely "Karthik Subramanian"
// than "Gurpreet Reddy"; a quarter of draws ignore the region (people move).
const SURNAMES: Record<Region, readonly string[]> = {
  North: [
    'Sharma',
    'Verma',
    'Gupta',
    'Agarwal',
    'Singh',
    'Yadav',
    'Chauhan',
    'Kapoor',
    'Malhotra',
    'Saxena',
    'Srivastava',
    'Tiwari',
    'Mishra',
    'Pandey',
    'Arora',
    'Chawla',
    'Sethi',
    'Bansal',
    'Goyal',
    'Khanna',
  ],
  West: [
    'Patel',
    'Shah',
    'Mehta',
    'Desai',
    'Joshi',
    'Kulkarni',
    'Patil',
    'Deshmukh',
    'Jadhav',
    'Pawar',
    'Shinde',
    'Gokhale',
    'Bhatt',
    'Parikh',
    'Modi',
    'Thakkar',
    'Naik',
    'Sawant',
  ],
  South: [
    'Reddy',
    'Naidu',
    'Iyer',
    'Iyengar',
    'Pillai',
    'Nair',
    'Menon',
    'Rao',
    'Krishnan',
    'Subramanian',
    'Raghavan',
    'Gowda',
    'Hegde',
    'Shetty',
    'Chettiar',
    'Murthy',
    'Kumar',
    'Varghese',
  ],
  East: [
    'Banerjee',
    'Chatterjee',
    'Mukherjee',
    'Das',
    'Bose',
    'Ghosh',
    'Sen',
    'Mohanty',
    'Patnaik',
    'Sinha',
    'Jha',
    'Roy',
    'Dutta',
    'Barua',
    'Mahato',
  ],
  Central: [
    'Dubey',
    'Tiwari',
    'Shukla',
    'Chouhan',
    'Thakur',
    'Jain',
    'Rathore',
    'Agrawal',
    'Soni',
    'Sahu',
    'Verma',
    'Khandelwal',
  ],
};

const FIRST_NAMES: Record<Region, readonly string[]> = {
  North: [
    'Rahul',
    'Amit',
    'Rohit',
    'Vikas',
    'Sandeep',
    'Manoj',
    'Ankit',
    'Gaurav',
    'Deepak',
    'Harpreet',
    'Pooja',
    'Neha',
    'Priyanka',
    'Anjali',
    'Shalini',
    'Ritu',
    'Simran',
    'Nidhi',
  ],
  West: [
    'Nikhil',
    'Sachin',
    'Rajesh',
    'Hemant',
    'Kunal',
    'Mihir',
    'Chirag',
    'Tushar',
    'Ketan',
    'Prasad',
    'Sneha',
    'Aarti',
    'Swati',
    'Hetal',
    'Komal',
    'Madhuri',
    'Rupali',
    'Gauri',
  ],
  South: [
    'Karthik',
    'Venkatesh',
    'Srinivas',
    'Arjun',
    'Prakash',
    'Ramesh',
    'Suresh',
    'Naveen',
    'Vignesh',
    'Anand',
    'Lakshmi',
    'Divya',
    'Kavya',
    'Deepa',
    'Revathi',
    'Meenakshi',
    'Anitha',
    'Sowmya',
  ],
  East: [
    'Sourav',
    'Arnab',
    'Debashish',
    'Subhajit',
    'Abhijit',
    'Prasenjit',
    'Ranjit',
    'Amitava',
    'Biswajit',
    'Rituparna',
    'Moumita',
    'Sudeshna',
    'Ananya',
    'Payel',
    'Tanushree',
  ],
  Central: [
    'Ashish',
    'Alok',
    'Vivek',
    'Pankaj',
    'Saurabh',
    'Abhishek',
    'Nitin',
    'Yogesh',
    'Shweta',
    'Preeti',
    'Rashmi',
    'Sarika',
    'Jyoti',
  ],
};

export interface Person {
  first: string;
  last: string;
  name: string;
}

export function personName(rng: Rng, region?: Region): Person {
  const home = region && rng.chance(0.75) ? region : rng.pick(REGIONS);
  const first = rng.pick(FIRST_NAMES[home]);
  const last = rng.pick(SURNAMES[rng.chance(0.85) ? home : rng.pick(REGIONS)]);
  return { first, last, name: `${first} ${last}` };
}

export function surname(rng: Rng, region: Region): string {
  return rng.pick(SURNAMES[region]);
}

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

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character: a mod-36 Luhn variant over the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] ?? '0') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? '0';
}

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

/** '+91 98201 45678': Indian mobile numbers start with 9, 8, 7 or 6. */
export function mobile(rng: Rng): string {
  const first = rng.weighted([
    ['9', 6],
    ['8', 2],
    ['7', 2],
  ]);
  return `+91 ${first}${rng.int(1000, 9999)} ${rng.int(10000, 99999)}`;
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

const FEMALE_FIRST_NAMES = new Set([
  'Pooja',
  'Neha',
  'Priyanka',
  'Anjali',
  'Shalini',
  'Ritu',
  'Simran',
  'Nidhi',
  'Sneha',
  'Aarti',
  'Swati',
  'Hetal',
  'Komal',
  'Madhuri',
  'Rupali',
  'Gauri',
  'Lakshmi',
  'Divya',
  'Kavya',
  'Deepa',
  'Revathi',
  'Meenakshi',
  'Anitha',
  'Sowmya',
  'Rituparna',
  'Moumita',
  'Sudeshna',
  'Ananya',
  'Payel',
  'Tanushree',
  'Shweta',
  'Preeti',
  'Rashmi',
  'Sarika',
  'Jyoti',
]);

/** "Mr. Sharma" / "Ms. Iyer", as collectors write in their notes. */
export function formalName(fullName: string): string {
  const [first = '', ...rest] = fullName.split(' ');
  return `${FEMALE_FIRST_NAMES.has(first) ? 'Ms.' : 'Mr.'} ${rest.join(' ') || first}`;
}
