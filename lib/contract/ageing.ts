import { z } from 'zod';
import { BUCKET_KEYS, CREDIT_BUCKETS, type BucketKey, type CreditBucket } from '@/lib/domain/ageing';
import { RATING_LABELS } from '@/lib/domain/rating';

/** An amount in the client's currency: a finite number with at most 2 decimals' meaning. */
export const ZMoney = z.number().finite();
/** A count of items or customers. */
export const ZCount = z.number().int();

/** Every ageing bucket's amount (current, crdBucket1..4, invBucket1..4) and its open-item count (…Num). */
export const ZBucketFigures = z.object({
  ...Object.fromEntries(BUCKET_KEYS.map((b) => [b, ZMoney])),
  ...Object.fromEntries(BUCKET_KEYS.map((b) => [`${b}Num`, ZCount])),
} as Record<BucketKey, typeof ZMoney> & Record<`${BucketKey}Num`, typeof ZCount>);

/** The credit basis's bucket amounts alone (current, crdBucket1..4): a trend's points. */
export const ZCreditBucketAmounts = z.object(
  Object.fromEntries(CREDIT_BUCKETS.map((b) => [b, ZMoney])) as Record<CreditBucket, typeof ZMoney>,
);

/** The spec's rating label of a numeric rating: low, medium, high, or '-' when unrated. */
export const ZRatingLabel = z.enum([...Object.values(RATING_LABELS), '-']);

/** Rated receivables by class and the balance-weighted rating of a group of obligors. */
export const ZRiskFigures = z.object({
  lowRatedReceivables: ZMoney,
  medRatedReceivables: ZMoney,
  highRatedReceivables: ZMoney,
  obligorWeightedRating: z.number().nullable(),
});
