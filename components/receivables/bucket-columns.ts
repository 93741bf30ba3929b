import { bucketLabels, type AgeingBasis, type AgeingBoundaries } from '@/lib/domain/ageing';

export type BucketKey =
  | 'current'
  | 'crdBucket1'
  | 'crdBucket2'
  | 'crdBucket3'
  | 'crdBucket4'
  | 'invBucket1'
  | 'invBucket2'
  | 'invBucket3'
  | 'invBucket4';

export interface BucketColumn {
  key: BucketKey;
  /** 'Current', '1-30 days', ..., '90+ days' from the client's own boundaries. */
  label: string;
}

/** The ageing columns of a basis: current and crdBucket1..4 ('Credit Date'), or invBucket1..4. */
export function bucketColumns(boundaries: AgeingBoundaries, basis: AgeingBasis): BucketColumn[] {
  return Object.entries(bucketLabels(boundaries, basis)).map(([key, label]) => ({
    key: key as BucketKey,
    label: label === 'current' ? 'Current' : `${label} days`,
  }));
}

/** The label of one bucket, whichever basis it belongs to. */
export function bucketLabel(boundaries: AgeingBoundaries, key: string | null | undefined): string {
  if (!key) return '-';
  const all = [...bucketColumns(boundaries, 'CREDIT_DATE'), ...bucketColumns(boundaries, 'INVOICE_DATE')];
  return all.find((column) => column.key === key)?.label ?? key;
}

export function parseBasis(value: string | undefined): AgeingBasis {
  return value === 'INVOICE_DATE' ? 'INVOICE_DATE' : 'CREDIT_DATE';
}
