import { describe, expect, it } from 'vitest';
import { runCounts, runPlanText, runSummary } from '@/lib/domain/run-plan';
import { countOf, listText } from '@/lib/domain/format';

const many = (channel: 'EMAIL' | 'WHATSAPP' | 'TASK', n: number, status = 'PREVIEW') =>
  Array.from({ length: n }, () => ({ channel, status }));

describe('what a reminder run does, in English', () => {
  it('counts the messages that go by channel, skipped ones left out', () => {
    const counts = runCounts([
      ...many('EMAIL', 30),
      ...many('WHATSAPP', 6),
      ...many('TASK', 245),
      ...many('EMAIL', 4, 'SKIPPED'),
    ]);
    expect(counts).toEqual({ EMAIL: 30, WHATSAPP: 6, TASK: 245 });
  });

  it('writes the counts with plurals (not "6 whatsapp … 245 task")', () => {
    expect(runSummary({ EMAIL: 30, WHATSAPP: 6, TASK: 245 })).toBe('30 emails, 6 WhatsApp messages and 245 tasks');
    expect(runSummary({ EMAIL: 1, WHATSAPP: 0, TASK: 1 })).toBe('1 email and 1 task');
    expect(runSummary({ EMAIL: 0, WHATSAPP: 0, TASK: 0 })).toBe('');
  });

  it('says before Run now what it will send and create', () => {
    expect(runPlanText({ EMAIL: 30, WHATSAPP: 6, TASK: 245 })).toBe(
      'This sends 30 emails with their statements, gives the collectors 6 WhatsApp messages to send and creates 245 tasks.',
    );
    expect(runPlanText({ EMAIL: 0, WHATSAPP: 1, TASK: 0 })).toBe(
      'This gives the collectors 1 WhatsApp message to send.',
    );
    expect(runPlanText({ EMAIL: 0, WHATSAPP: 0, TASK: 0 })).toBe('Nobody is due a reminder now: this sends nothing.');
  });

  it('groups large counts the Indian way', () => {
    expect(countOf(124_500, 'task')).toBe('1,24,500 tasks');
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
