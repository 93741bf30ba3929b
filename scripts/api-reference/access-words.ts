import { API_ACCESS } from '@/lib/contract/access';
import type { CallAccess } from '@/lib/contract/call';

/** The families of calls several pages share, by their name in `API_ACCESS`: any one of the features grants the call. */
export const ACCESS_GROUPS = Object.entries(API_ACCESS).flatMap(([name, requirement]) =>
  requirement?.type === 'AnyPage' ? [{ name, features: requirement.features as readonly string[] }] : [],
);

/** Who may make a call, in the words of the API reference: `public`, `borrower`, `TASKS`, `customers or BUSINESS PERFORMANCE`. */
export function accessInWords(access: CallAccess): string {
  if (access === 'public') return 'public';
  if (access === 'signedIn') return 'signed in';
  const requirement = access.requirement;
  if (!requirement) return access.userType === 'investors' ? 'investor' : 'borrower';
  if (requirement.type !== 'AnyPage') return requirement.feature;
  const features: readonly string[] = requirement.features;
  // The largest group the call's features include, and the features beyond it.
  const group = ACCESS_GROUPS.filter((g) => g.features.every((f) => features.includes(f))).sort(
    (a, b) => b.features.length - a.features.length,
  )[0];
  if (!group) return features.join(' or ');
  return [`*${group.name}*`, ...features.filter((f) => !group.features.includes(f))].join(' or ');
}
