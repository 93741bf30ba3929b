/**
 * Who paid, as the bank writes it, in forms that can be learned when a person confirms a match and
 * looked up on the next credit (issue 53): the UPI address, the account (with its branch when the
 * narration carries it), and the name. Banks cut names short at different lengths (HDFC "SHREE
 * GANESH TRADE", SBI "SHREE GANESH TR") and write the company forms their own way, so a name is
 * kept by its leading letters only, after the forms are dropped. Pure.
 */
import type { NarrationFacts } from './bank-narration';

export type PayerKind = 'VPA' | 'ACCOUNT' | 'NAME';

export interface PayerKey {
  kind: PayerKind;
  value: string;
}

/** The letters a name is known by: shorter than any bank's cut, longer than a first name. */
export const NAME_KEY_LETTERS = 12;

/** Company forms and titles that one bank writes and another drops. */
const FORMS = /\b(?:M\s*\/?\s*S|MESSRS|PVT|PRIVATE|LTD|LIMITED|LLP|CO|COMPANY|AND|THE|MR|MRS|MS|SHRI|SMT)\b\.?/g;

/** "M/S. Shree Ganesh Traders Pvt Ltd" and "SHREE GANESH TRADE" → "SHREEGANESHT". Null when too little is left. */
export function nameKey(name: string): string | null {
  const letters = name
    .toUpperCase()
    .replace(/&/g, ' ')
    .replace(FORMS, ' ')
    .replace(/[^A-Z]/g, '');
  return letters.length >= 6 ? letters.slice(0, NAME_KEY_LETTERS) : null;
}

/**
 * The keys of a narration's payer, strongest first. A masked account (XXXXXXXX1234) keeps its
 * visible digits and the branch: weaker than a whole number, still the bank's own.
 */
export function payerKeys(facts: Pick<NarrationFacts, 'vpa' | 'payerAccount' | 'ifsc' | 'payerName'>): PayerKey[] {
  const keys: PayerKey[] = [];
  if (facts.vpa) keys.push({ kind: 'VPA', value: facts.vpa.toLowerCase() });
  if (facts.payerAccount) {
    const digits = facts.payerAccount.replace(/\D/g, '').replace(/^0+/, '');
    if (digits.length >= 4) keys.push({ kind: 'ACCOUNT', value: `${facts.ifsc?.slice(0, 4) ?? ''}:${digits}` });
  }
  const name = facts.payerName && nameKey(facts.payerName);
  if (name) keys.push({ kind: 'NAME', value: name });
  return keys;
}

/**
 * The customer the learned identities point to: the first key (strongest) that names exactly one
 * customer; a key several customers share (a name two branches use) tells nothing.
 */
export function learnedPayer(
  keys: readonly PayerKey[],
  learned: (key: PayerKey) => readonly string[],
): { sysObligorCode: string; by: PayerKind } | null {
  for (const key of keys) {
    const customers = [...new Set(learned(key))];
    if (customers.length === 1) return { sysObligorCode: customers[0]!, by: key.kind };
  }
  return null;
}

/**
 * Without one learned customer: the customers the first key shared by a few of them names (at
 * most `max`): each possible, none known.
 */
export function sharedPayers(
  keys: readonly PayerKey[],
  learned: (key: PayerKey) => readonly string[],
  max = 3,
): { sysObligorCode: string; by: PayerKind }[] {
  for (const key of keys) {
    const customers = [...new Set(learned(key))];
    if (customers.length > 1 && customers.length <= max)
      return customers.map((sysObligorCode) => ({ sysObligorCode, by: key.kind }));
  }
  return [];
}
