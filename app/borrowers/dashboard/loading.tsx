import { CardsSkeleton, ChartSkeleton } from '@/components/ui/skeletons';

/** Shown while the dashboard's shell is on its way (sections then stream in on their own). */
export default function DashboardLoading() {
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <div className="h-14" />
      <CardsSkeleton />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <ChartSkeleton />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <ChartSkeleton height="h-[25rem]" />
        </div>
      </div>
    </div>
  );
}
