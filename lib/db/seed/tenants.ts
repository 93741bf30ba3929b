/**
 * The three demo tenants and the volumes that make them up at scale 1. KAVERI is about a tenth of
 * VARDHMAN so tenant-isolation checks have real rows on both sides.
 */
import { AGRO_FOOD, GENERAL_TRADE, type BusinessVocabulary } from './businesses';
import type { Region } from './places';

export interface BorrowerSpec {
  code: string;
  name: string;
  /** Prefix of system numbers (VAR-INV-0000001) and obligor codes (P0001 / KP001). */
  sysPrefix: string;
  parentPrefix: string;
  childPrefix: string;
  parentDigits: number;
  childDigits: number;
  parents: number;
  children: number;
  invoices: number;
  tasks: number;
  vocabulary: BusinessVocabulary;
  /** Extra weight on cities of a region (Kaveri sells mostly in the South). */
  regionBias: Partial<Record<Region, number>>;
  /** Each customer's typical invoice is drawn around this (then scaled by sales channel). */
  medianInvoiceRupees: number;
  emailDomain: string;
  /** Branch cities of the client (its dim2 values); 'ALL' for a national network. */
  cities: readonly string[] | 'ALL';
}

export const VARDHMAN: BorrowerSpec = {
  code: 'VARDHMAN',
  name: 'Vardhman Trading Company Pvt Ltd',
  sysPrefix: 'VAR',
  parentPrefix: 'P',
  childPrefix: 'C',
  parentDigits: 4,
  childDigits: 5,
  parents: 300,
  children: 3000,
  invoices: 60_000,
  tasks: 400,
  vocabulary: GENERAL_TRADE,
  regionBias: {},
  medianInvoiceRupees: 42_000,
  emailDomain: 'vardhman.test',
  cities: 'ALL',
};

export const KAVERI: BorrowerSpec = {
  code: 'KAVERI',
  name: 'Kaveri Agro Foods Ltd',
  sysPrefix: 'KAV',
  parentPrefix: 'KP',
  childPrefix: 'KC',
  parentDigits: 3,
  childDigits: 4,
  parents: 30,
  children: 300,
  invoices: 6_000,
  tasks: 40,
  vocabulary: AGRO_FOOD,
  regionBias: { South: 4 },
  medianInvoiceRupees: 55_000,
  emailDomain: 'kaveri.test',
  cities: [
    'Bengaluru',
    'Mysuru',
    'Chennai',
    'Coimbatore',
    'Madurai',
    'Hyderabad',
    'Visakhapatnam',
    'Kochi',
    'Thiruvananthapuram',
    'Mumbai',
    'Pune',
    'Ahmedabad',
    'Delhi',
    'Jaipur',
    'Kolkata',
    'Bhubaneswar',
    'Nagpur',
    'Indore',
  ],
};

export const SAHYADRI = { code: 'SAHYADRI', name: 'Sahyadri Capital Partners' } as const;

export const BORROWERS: readonly BorrowerSpec[] = [VARDHMAN, KAVERI];

/** Scaled counts, with floors so that a tiny scale still has families, overdue items and tasks. */
export function scaledVolumes(spec: BorrowerSpec, scale: number) {
  const parents = Math.max(3, Math.round(spec.parents * scale));
  const children = Math.max(parents * 4, Math.round(spec.children * scale));
  return {
    parents,
    children,
    invoices: Math.max(children * 12, Math.round(spec.invoices * scale)),
    tasks: Math.max(24, Math.round(spec.tasks * scale)),
  };
}
