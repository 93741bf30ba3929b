/** Indian people for the demo data: names that lean regional, mobile numbers, and how notes name them. */
import { REGIONS, type Region } from './places';
import type { Rng } from './random';

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

/** '+91 98201 45678': Indian mobile numbers start with 9, 8, 7 or 6. */
export function mobile(rng: Rng): string {
  const first = rng.weighted([
    ['9', 6],
    ['8', 2],
    ['7', 2],
  ]);
  return `+91 ${first}${rng.int(1000, 9999)} ${rng.int(10000, 99999)}`;
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
