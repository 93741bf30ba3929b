/**
 * Row-level scope: a field officer (guest) sees only the obligors assigned to them as
 * guest, an area sales manager (representative) only those assigned to them as representative;
 * a customer user only the customer they are bound to (a parent: its whole family; an account:
 * that account); everyone else of the client (admin, root, finance staff) sees every obligor. The
 * scope applies to obligors, so a family shows only its visible members and their amounts.
 */
export type ObligorScope =
  | { kind: 'ALL' }
  | { kind: 'ASSIGNED'; role: 'guest' | 'representative'; userId: number }
  /** `codes`: the bound customer and, for a parent, its family's members (resolved per request). */
  | { kind: 'CUSTOMER'; code: string; codes: readonly string[] };

export const ALL_OBLIGORS: ObligorScope = { kind: 'ALL' };

/**
 * The scope of a user. A customer user's family is read from the database per request
 * (`customerScopeOf`); without it the scope holds the bound customer alone, never more.
 */
export function obligorScope(user: { role: string; userId: number; customer?: string | null }): ObligorScope {
  if (user.customer) return { kind: 'CUSTOMER', code: user.customer, codes: [user.customer] };
  if (user.role === 'guest' || user.role === 'representative')
    return { kind: 'ASSIGNED', role: user.role, userId: user.userId };
  return ALL_OBLIGORS;
}

export function isScoped(scope: ObligorScope | undefined): scope is Extract<ObligorScope, { kind: 'ASSIGNED' }> {
  return scope?.kind === 'ASSIGNED';
}
