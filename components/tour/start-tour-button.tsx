'use client';

import 'driver.js/dist/driver.css';
import './tour.css';
import type { TourStep } from '@/lib/domain/tour';

/**
 * 'Start Tour' in the top bar: driver.js highlights each menu group of the user's tour in turn.
 * driver.js is loaded on the first click, so pages that never start a tour do not carry it.
 */
export function StartTourButton({ steps }: { steps: TourStep[] }) {
  const start = async () => {
    const { driver } = await import('driver.js');
    const tour = driver({
      showProgress: true,
      progressText: 'Step {{current}} of {{total}}',
      nextBtnText: 'Next',
      prevBtnText: 'Back',
      doneBtnText: 'Done',
      popoverClass: 'rd-tour',
      stagePadding: 4,
      steps: steps.map((step) => ({
        element: `[data-tour="${step.group}"]`,
        popover: { title: step.title, description: step.description, side: 'right', align: 'start' },
      })),
    });
    tour.drive();
  };
  return (
    <button
      type="button"
      onClick={start}
      data-testid="start-tour"
      className="rounded-md border border-slate-200 px-3 py-1.5 text-xs font-medium text-slate-600 hover:border-brand-500 hover:text-brand-700"
    >
      Start Tour
    </button>
  );
}
