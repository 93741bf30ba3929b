/**
 * Postal addresses of the seeded customers, for the letterhead's "To" block of statements and
 * reminder PDFs: a shop or office number, a street and an area of the customer's city, its PIN code
 * and state. Own random stream per client, so no other seeded number moves.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../query';
import { col, row } from '../rows';
import { CITIES } from './places';
import { Rng } from './random';
import type { ReferenceData } from './reference-data';

/** The first PIN code of each seeded city's delivery area (its customers' PINs lie a little above). */
const PIN_BASE: Record<string, number> = {
  Delhi: 110001,
  Gurugram: 122001,
  Jaipur: 302001,
  Lucknow: 226001,
  Kanpur: 208001,
  Chandigarh: 160017,
  Ludhiana: 141001,
  Dehradun: 248001,
  Mumbai: 400001,
  Pune: 411001,
  Nashik: 422001,
  Ahmedabad: 380001,
  Surat: 395001,
  Vadodara: 390001,
  Rajkot: 360001,
  Panaji: 403001,
  Bengaluru: 560001,
  Mysuru: 570001,
  Chennai: 600001,
  Coimbatore: 641001,
  Madurai: 625001,
  Hyderabad: 500001,
  Visakhapatnam: 530001,
  Kochi: 682001,
  Thiruvananthapuram: 695001,
  Kolkata: 700001,
  Bhubaneswar: 751001,
  Patna: 800001,
  Guwahati: 781001,
  Ranchi: 834001,
  Indore: 452001,
  Bhopal: 462001,
  Nagpur: 440001,
  Raipur: 492001,
};

const PREMISES = ['Shop No.', 'Office No.', 'Unit', 'Plot No.', 'Godown No.', 'Gala No.'];
const BUILDINGS = [
  'Laxmi Market',
  'Shivam Complex',
  'Krishna Plaza',
  'Ganesh Bhavan',
  'Sai Arcade',
  'Shanti Chambers',
  'Mahavir Towers',
  'Industrial Estate',
  'Trade Centre',
  'Commercial Complex',
];
const STREETS = [
  'MG Road',
  'Station Road',
  'Main Bazaar',
  'Ring Road',
  'Gandhi Marg',
  'Nehru Road',
  'Transport Nagar',
  'Market Yard',
  'Old Bypass Road',
  'Subhash Chowk',
  'Industrial Area Phase II',
  'Nehru Nagar',
];

/** One address: premises and building, street, then city, PIN and state (lines split by newlines). */
export function addressIn(rng: Rng, cityName: string): string {
  const city = CITIES.find((c) => c.name === cityName);
  const pin = (PIN_BASE[cityName] ?? 400001) + rng.int(0, 40);
  const premises = `${rng.pick(PREMISES)} ${rng.int(1, 240)}, ${rng.pick(BUILDINGS)}`;
  return `${premises}\n${rng.pick(STREETS)}\n${cityName} ${pin}${city ? `, ${city.state}` : ''}`;
}

const BATCH = 5000;

export async function seedAddresses(db: Db, ref: ReferenceData): Promise<void> {
  for (const borrower of ref.borrowers) {
    const rng = Rng.from(`${borrower.spec.code}:addresses`);
    const clientId = borrower.clientId;
    const customers = await queryRows(
      db,
      sql`select sys_obligor_code as code, city from obligors where client_id = ${clientId} order by sys_obligor_code`,
      row({ code: col.text, city: col.text.nullable() }),
    );
    const addresses = customers.map((c) => ({ code: c.code, address: c.city ? addressIn(rng, c.city) : null }));
    for (let i = 0; i < addresses.length; i += BATCH) {
      const batch = JSON.stringify(addresses.slice(i, i + BATCH));
      await db.execute(sql`update obligors o set address = v.address
        from json_to_recordset(${batch}::json) as v(code text, address text)
        where o.client_id = ${clientId} and o.sys_obligor_code = v.code`);
    }
  }
}
