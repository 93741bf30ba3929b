/** A raw mail (.eml) with quoted-printable undone (soft breaks, =XX bytes) and encoded words decoded. */
export function readableMail(raw: string): string {
  const joined = raw.replace(/\?=\s+=\?UTF-8\?Q\?/gi, '');
  const words = joined.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => text.replace(/_/g, ' '));
  const unfolded = words.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const hex = unfolded[i] === '=' ? unfolded.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(unfolded.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
