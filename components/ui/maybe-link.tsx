import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to a page only when the user may open it (the caller asks `mayOpen` in
 * lib/domain/route-permissions.ts on the server); otherwise the same text without the hover look,
 * so that no link ends on the "not authorised" page (issue 57).
 */
export function MaybeLink({
  allowed,
  className = '',
  children,
  ...link
}: ComponentProps<typeof Link> & { allowed: boolean }) {
  if (allowed)
    return (
      <Link className={className} {...link}>
        {children}
      </Link>
    );
  const plain = className
    .split(/\s+/)
    .filter((name) => !name.startsWith('hover:'))
    .join(' ');
  return (
    <span className={plain} title={link.title}>
      {children}
    </span>
  );
}
