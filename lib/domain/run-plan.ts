/**
 * What a reminder run does, in English, from a preview's messages: said on the page after a preview
 * or a run, and in the confirmation before Run now, so nobody creates hundreds of tasks unawares.
 */
import { countOf, listText } from './format';
import type { TDunningChannel } from './dunning';

export type RunCounts = Record<TDunningChannel, number>;

/** Counts by channel of the messages that go (skipped customers left out). */
export function runCounts(messages: { channel: TDunningChannel; status: string }[]): RunCounts {
  const counts: RunCounts = { EMAIL: 0, WHATSAPP: 0, TASK: 0 };
  for (const m of messages) if (m.status !== 'SKIPPED') counts[m.channel] += 1;
  return counts;
}

/** '30 emails, 6 WhatsApp messages and 245 tasks' (a channel with none left out; '' when nothing goes). */
export function runSummary(counts: RunCounts): string {
  return listText(
    [
      counts.EMAIL ? countOf(counts.EMAIL, 'email') : '',
      counts.WHATSAPP ? countOf(counts.WHATSAPP, 'WhatsApp message') : '',
      counts.TASK ? countOf(counts.TASK, 'task') : '',
    ].filter(Boolean),
  );
}

/** The sentence before Run now: what it will send and create. */
export function runPlanText(counts: RunCounts): string {
  const parts = [
    counts.EMAIL ? `sends ${countOf(counts.EMAIL, 'email')} with their statements` : '',
    counts.WHATSAPP ? `gives the collectors ${countOf(counts.WHATSAPP, 'WhatsApp message')} to send` : '',
    counts.TASK ? `creates ${countOf(counts.TASK, 'task')}` : '',
  ].filter(Boolean);
  return parts.length ? `This ${listText(parts)}.` : 'Nobody is due a reminder now: this sends nothing.';
}
