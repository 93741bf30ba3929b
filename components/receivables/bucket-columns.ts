import {
  BUCKET_KEYS,
  bucketsOf,
  bucketTitle,
  type AgeingBasis,
  type AgeingBoundaries,
  type BucketKey,
} from '@/lib/domain/ageing';

export type { BucketKey };

export interface BucketColumn {
  key: BucketKey;
  /** 'Current', '1-30 days', ..., '90+ days' from the client's own boundaries. */
  label: string;
}

/** The ageing columns of a basis: current and crdBucket1..4 ('Credit Date'), or invBucket1..4. */
export function bucketColumns(boundaries: AgeingBoundaries, basis: AgeingBasis): BucketColumn[] {
  return bucketsOf(basis).map((key) => ({ key, label: bucketTitle(key, boundaries) }));
}

/** The label of one bucket, whichever basis it belongs to. */
export function bucketLabel(boundaries: AgeingBoundaries, key: string | null | undefined): string {
  if (!key) return '-';
  const bucket = BUCKET_KEYS.find((k) => k === key);
  return bucket ? bucketTitle(bucket, boundaries) : key;
}

export function parseBasis(value: string | undefined): AgeingBasis {
  return value === 'INVOICE_DATE' ? 'INVOICE_DATE' : 'CREDIT_DATE';
}
