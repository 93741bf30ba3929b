/**
 * Plans the customers of one borrower client in memory (no I/O): parent obligors (business groups)
 * with uneven families of child obligors, each child with a place, channel, staff, payment
 * behaviour and size. The ledger is generated from this plan, and credit limits are set from the
 * ledger, before anything is written.
 */
import { addMonths, ymd } from './dates';
import {
  businessEmail,
  businessInfo,
  businessName,
  gstin,
  groupName,
  legalForm,
  slug,
  type LegalForm,
} from './businesses';
import { mobile, personName, surname } from './people';
import type { City, Region } from './places';
import { Rng } from './random';
import type { BorrowerRef, Channel } from './reference-data';
import { staffForRegion, type ClientStaff } from './users';

export type Profile = 'PROMPT' | 'AVERAGE' | 'SLOW' | 'DELINQUENT';

export interface PlannedContact {
  name: string;
  role: string;
  email: string;
  phone: string;
}

export interface ObligorPlan {
  code: string;
  parentCode: string | null;
  name: string;
  form: LegalForm;
  city: City;
  channel: Channel;
  tradeChannel: string;
  businessId: string;
  email: string;
  phone: string;
  info: string;
  dim1Id: number | null;
  dim2Id: number | null;
  dim3Id: number | null;
  guestId: number | null;
  representativeId: number | null;
  /** Relationship manager: set per family by assignRelationshipManagers. */
  rmId: number | null;
  /** The dim1 (region) value through which the relationship is managed. */
  rmAssociationDimId: number | null;
  onboardDay: number;
  contacts: PlannedContact[];
  /** Children only (parents do not trade on their own account). */
  profile: Profile | null;
  termDays: number;
  /** Relative number of invoices per month. */
  activity: number;
  /** Typical invoice of this customer, in paise. */
  medianPaise: number;
  creditLimitPaise: number;
}

export interface ClientPlan {
  parents: ObligorPlan[];
  children: ObligorPlan[];
  /** First day of the 18-month ledger window. */
  windowStart: number;
}

const CHANNEL_WEIGHTS: readonly (readonly [Channel, number])[] = [
  ['Distributor', 35],
  ['General Trade', 30],
  ['Modern Trade', 15],
  ['Institutional', 12],
  ['E-commerce', 8],
];
const SEGMENT: Record<Channel, string> = {
  Distributor: 'General Trade',
  'General Trade': 'General Trade',
  'Modern Trade': 'Modern Trade',
  Institutional: 'Institutional',
  'E-commerce': 'Modern Trade',
};
const SIZE_FACTOR: Record<Channel, number> = {
  Distributor: 1.3,
  'General Trade': 0.8,
  'Modern Trade': 1.6,
  Institutional: 1.2,
  'E-commerce': 0.9,
};
const PROFILE_WEIGHTS: readonly (readonly [Profile, number])[] = [
  ['PROMPT', 45],
  ['AVERAGE', 30],
  ['SLOW', 17],
  ['DELINQUENT', 8],
];
const CONTACT_ROLES = ['Accounts Payable', 'Finance Manager', 'Purchase Manager', 'Accounts Executive', 'Director'];

/**
 * Family sizes summing exactly to `children`: a few large groups (30-60), many of 3-10, some of
 * 11-25 and some single-child parents, nudged at random until the total matches.
 */
export function familySizes(rng: Rng, parents: number, children: number): number[] {
  const sizes = Array.from({ length: parents }, (_, i) => {
    // Always one large group (or, at tiny scales, one real family) and one single-child parent.
    if (i === 0) return children >= parents * 6 ? rng.int(30, 60) : rng.int(3, 10);
    if (i === parents - 1) return 1;
    return rng.weighted<() => number>([
      [() => rng.int(30, 60), 4],
      [() => rng.int(11, 25), 20],
      [() => rng.int(3, 10), 61],
      [() => 1, 12],
      [() => 2, 3],
    ])();
  });
  let total = sizes.reduce((a, b) => a + b, 0);
  // Singles (size 1) stay singles, so the "exactly one child" case survives the adjustment.
  while (total !== children) {
    const i = rng.int(0, parents - 1);
    const size = sizes[i] ?? 1;
    if (size === 1) continue;
    if (total < children) {
      sizes[i] = size + 1;
      total++;
    } else if (size > 3) {
      sizes[i] = size - 1;
      total--;
    } else if (sizes.every((s) => s <= 3)) {
      throw new Error('cannot fit families into so few children');
    }
  }
  return sizes;
}

function pickCity(rng: Rng, ref: BorrowerRef, region?: Region): City {
  const pool = region ? ref.cities.filter((c) => c.region === region) : ref.cities;
  const list = pool.length ? pool : ref.cities;
  return rng.weighted(list.map((c) => [c, c.weight * (ref.spec.regionBias[c.region] ?? 1)] as const));
}

function contactsFor(rng: Rng, name: string, form: LegalForm, city: City): PlannedContact[] {
  const slugDomain = slug(name);
  const owner = form === 'PROPRIETOR' ? 'Proprietor' : form === 'PARTNERSHIP' ? 'Partner' : 'Director';
  const roles = [rng.chance(0.5) ? owner : 'Accounts Payable', ...rng.sample(CONTACT_ROLES, 2)];
  const n = rng.weighted([
    [1, 3],
    [2, 4],
    [3, 2],
  ]);
  const used = new Set<string>();
  const out: PlannedContact[] = [];
  for (const role of roles) {
    if (out.length >= n || used.has(role)) continue;
    used.add(role);
    const person = personName(rng, city.region);
    out.push({
      name: person.name,
      role,
      phone: mobile(rng),
      email: `${person.first.toLowerCase()}.${person.last.toLowerCase()}@${slugDomain || 'mail'}.in`,
    });
  }
  return out;
}

export function planObligors(
  ref: BorrowerRef,
  staff: ClientStaff,
  volumes: { parents: number; children: number },
  today: number,
): ClientPlan {
  const { spec } = ref;
  const rng = Rng.from(`${spec.code}:obligors`);
  const windowStart = addMonths(today, -18) + 1;
  const names = new Set<string>();
  const gstins = new Set<string>();
  const fieldOfficers = staff.fieldOfficers;
  const managers = staff.managers;

  const unique = (make: () => string, city: City): string => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const name = make();
      const candidate = names.has(name) ? `${name} (${city.name})` : name;
      if (!names.has(candidate)) {
        names.add(candidate);
        return candidate;
      }
    }
    let n = 2;
    const base = `${make()} (${city.name})`;
    while (names.has(`${base} ${n}`)) n++;
    names.add(`${base} ${n}`);
    return `${base} ${n}`;
  };
  const uniqueGstin = (city: City, form: LegalForm, name: string) => {
    let id = gstin(rng, city.stateCode, form, name);
    while (gstins.has(id)) id = gstin(rng, city.stateCode, form, name);
    gstins.add(id);
    return id;
  };
  const assign = (city: City) => ({
    dim1Id: ref.dims.region.get(city.region) ?? null,
    dim2Id: ref.dims.branch.get(city.name) ?? null,
    guestId: rng.chance(0.95) ? rng.pick(staffForRegion(fieldOfficers, city.region)).id : null,
    representativeId: rng.chance(0.97) ? rng.pick(staffForRegion(managers, city.region)).id : null,
  });
  const longAgo = () => windowStart - rng.int(30, 2400);

  const sizes = familySizes(rng, volumes.parents, volumes.children);
  const parents: ObligorPlan[] = [];
  const familyOf: { parent: ObligorPlan; stem: string; channel: Channel }[] = [];
  sizes.forEach((_, i) => {
    const city = pickCity(rng, ref);
    const channel = rng.weighted(CHANNEL_WEIGHTS);
    const group = groupName(rng, spec.vocabulary, city.region);
    const name = unique(() => group.name, city);
    const form: LegalForm = rng.chance(0.8) ? 'PVT_LTD' : 'LTD';
    const onboardDay = longAgo();
    const parent: ObligorPlan = {
      code: `${spec.parentPrefix}${String(i + 1).padStart(spec.parentDigits, '0')}`,
      parentCode: null,
      name,
      form,
      city,
      channel,
      tradeChannel: SEGMENT[channel],
      businessId: uniqueGstin(city, form, name),
      email: businessEmail(rng, name, form),
      phone: mobile(rng),
      info: `Group holding company, ${city.name} (${city.state}); customer since ${ymd(onboardDay).year}`,
      ...assign(city),
      dim3Id: ref.dims.channel.get(channel) ?? null,
      onboardDay,
      rmId: null,
      rmAssociationDimId: null,
      contacts: contactsFor(rng, name, form, city),
      profile: null,
      termDays: 30,
      activity: 0,
      medianPaise: 0,
      creditLimitPaise: 0,
    };
    parents.push(parent);
    familyOf.push({ parent, stem: group.stem, channel });
  });

  // Children get codes in onboarding order, not family order, as an ERP would number them.
  const memberships = rng.shuffle(sizes.flatMap((size, p) => Array.from({ length: size }, () => p)));
  const children: ObligorPlan[] = memberships.map((p, i) => {
    const family = familyOf[p];
    if (!family) throw new Error('family index out of range');
    const city = rng.chance(0.65) ? pickCity(rng, ref, family.parent.city.region) : pickCity(rng, ref);
    const channel = rng.chance(0.6) ? family.channel : rng.weighted(CHANNEL_WEIGHTS);
    const form = legalForm(rng, channel);
    const stem = rng.chance(0.4) ? family.stem : rng.chance(0.3) ? surname(rng, city.region) : undefined;
    const name = unique(() => businessName(rng, spec.vocabulary, channel, form, stem), city);
    const profile = rng.weighted(PROFILE_WEIGHTS);
    const longTerms = channel === 'Modern Trade' || channel === 'Institutional';
    const termDays = rng.weighted<number>(
      longTerms
        ? [
            [30, 3],
            [45, 4],
            [60, 3],
          ]
        : [
            [15, 2],
            [30, 5],
            [45, 2],
            [60, 1],
          ],
    );
    const onboardDay = rng.chance(0.12) ? windowStart + rng.int(20, 450) : longAgo();
    const exporter = city.port === true && channel !== 'Modern Trade' && channel !== 'E-commerce' && rng.chance(0.15);
    const medianRupees = Math.min(
      350_000,
      Math.max(8_000, rng.logNormal(spec.medianInvoiceRupees * SIZE_FACTOR[channel], 0.6)),
    );
    return {
      code: `${spec.childPrefix}${String(i + 1).padStart(spec.childDigits, '0')}`,
      parentCode: family.parent.code,
      name,
      form,
      city,
      channel,
      tradeChannel: exporter ? 'Export' : SEGMENT[channel],
      businessId: uniqueGstin(city, form, name),
      email: businessEmail(rng, name, form),
      phone: mobile(rng),
      info: businessInfo(rng, spec.vocabulary, channel, city, ymd(onboardDay).year),
      ...assign(city),
      dim3Id: ref.dims.channel.get(channel) ?? null,
      onboardDay,
      rmId: null,
      rmAssociationDimId: null,
      contacts: contactsFor(rng, name, form, city),
      profile,
      termDays,
      activity: Math.min(12, rng.logNormal(1, 0.8)),
      medianPaise: Math.round(medianRupees * 100),
      creditLimitPaise: 0,
    };
  });
  assignRelationshipManagers(ref, staff, parents, children);
  return { parents, children, windowStart };
}

/**
 * Most families have a relationship manager: usually an active area sales manager of the parent's
 * region, sometimes the admin; children share their parent's. A stream of its own, so that adding
 * it changed no other seeded number.
 */
function assignRelationshipManagers(
  ref: BorrowerRef,
  staff: ClientStaff,
  parents: ObligorPlan[],
  children: ObligorPlan[],
): void {
  const rng = Rng.from(`${ref.spec.code}:relationship-managers`);
  const byParent = new Map<string, ObligorPlan>();
  for (const parent of parents) {
    byParent.set(parent.code, parent);
    if (!rng.chance(0.88)) continue;
    const manager = rng.chance(0.85) ? rng.pick(staffForRegion(staff.managers, parent.city.region)) : staff.admin;
    parent.rmId = manager.id;
    parent.rmAssociationDimId = parent.dim1Id;
  }
  for (const child of children) {
    const parent = child.parentCode ? byParent.get(child.parentCode) : undefined;
    child.rmId = parent?.rmId ?? null;
    child.rmAssociationDimId = parent?.rmAssociationDimId ?? null;
  }
}
