/**
 * Row-level scope: a field officer (guest) sees only the obligors assigned to them as
 * guest, an area sales manager (representative) only those assigned to them as representative;
 * everyone else of the client (admin, root, finance staff) sees every obligor. The scope applies to
 * obligors, so a family shows only its assigned members and their amounts.
 */
export type ObligorScope = { kind: 'ALL' } | { kind: 'ASSIGNED'; role: 'guest' | 'representative'; userId: number };

export const ALL_OBLIGORS: ObligorScope = { kind: 'ALL' };

export function obligorScope(user: { role: string; userId: number }): ObligorScope {
  if (user.role === 'guest' || user.role === 'representative')
    return { kind: 'ASSIGNED', role: user.role, userId: user.userId };
  return ALL_OBLIGORS;
}

export function isScoped(scope: ObligorScope | undefined): scope is Extract<ObligorScope, { kind: 'ASSIGNED' }> {
  return scope?.kind === 'ASSIGNED';
}
