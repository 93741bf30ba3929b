/** A UPI note holds at most this many characters (upiLink() cuts there): the reference must fit whole. */
export const UPI_NOTE_MAX = 80;

/**
 * The payment note of "Pay selected" / "Pay all overdue": the bills' numbers, so that the supplier's
 * bank statement says which bills the money is for ("Bills INV-1, INV-2"). Past the UPI note's
 * length the last numbers give way to "+N more" (the remittance advice names them all).
 */
export function billsReference(invoiceNums: readonly string[], max = UPI_NOTE_MAX): string {
  const head = invoiceNums.length === 1 ? 'Bill ' : 'Bills ';
  const all = head + invoiceNums.join(', ');
  if (all.length <= max) return all;
  for (let shown = invoiceNums.length - 1; shown >= 1; shown--) {
    const text = `${head}${invoiceNums.slice(0, shown).join(', ')} +${invoiceNums.length - shown} more`;
    if (text.length <= max) return text;
  }
  return `${invoiceNums.length} bills`.slice(0, max);
}
