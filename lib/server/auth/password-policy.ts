import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { invalid } from '@/lib/server/domain-errors';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;
let listed = 0;

/** The 1,000 most common passwords (SecLists), lower-cased; read once from the committed list. */
function commonPasswords(): Set<string> {
  if (common) return common;
  const file = path.join(process.cwd(), 'lib', 'server', 'auth', 'common-passwords.txt');
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  listed = lines.length;
  return (common = new Set(lines.map((l) => l.toLowerCase())));
}

/**
 * NIST SP 800-63B style: length 8 to 128, any characters, no composition rules, and not a
 * well-known password (compared case-insensitively, so 'Password1' counts as 'password1').
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `use at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `use at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'this password is one of the most common ones; choose another';
  if (email && (lower === email.toLowerCase() || lower === email.split('@')[0]?.toLowerCase())) {
    return 'do not use your email address as the password';
  }
  return null;
}

/** Throws a 400 with the message on the given field when the password breaks the policy. */
export function assertPasswordPolicy(password: string, field: string, email?: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw invalid(`Password not accepted: ${problem}`, { [field]: problem });
}

/** How many passwords the committed list holds (a few coincide once lower-cased). */
export function commonPasswordCount(): number {
  commonPasswords();
  return listed;
}
