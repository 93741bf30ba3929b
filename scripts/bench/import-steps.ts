/**
 * Seconds per step of one import, read off its progress messages (`runImport`'s onProgress): a
 * step lasts from its first message to the next message of another step, the last one to the end
 * of the import (its commit included). A file's running row counts belong to its reading.
 */
export interface ImportStep {
  step: string;
  seconds: number;
}

const stepOf = (message: string) => message.replace(/: [\d,]+ rows staged$/, ': reading');

export function importStepTimer(): { onProgress: (message: string) => void; steps: (endedAt: number) => ImportStep[] } {
  const marks: [at: number, step: string][] = [];
  return {
    onProgress: (message) => {
      const step = stepOf(message);
      if (marks.at(-1)?.[1] !== step) marks.push([performance.now(), step]);
    },
    steps: (endedAt) =>
      marks.map(([at, step], i) => ({ step, seconds: Math.round(((marks[i + 1]?.[0] ?? endedAt) - at) / 10) / 100 })),
  };
}

export const stepsLine = (steps: ImportStep[]) => steps.map((s) => `${s.step} ${s.seconds} s`).join('; ');
