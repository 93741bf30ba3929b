/** An honest placeholder for a screen that a later piece of work fills: never invented figures. */
export function ComingSoon({ name, description }: { name: string; description: string }) {
  return (
    <section className="mx-auto max-w-3xl">
      <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{name}</h2>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8">
        <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          Coming soon
        </span>
        <p className="mt-3 text-sm leading-6 text-slate-600">{description}</p>
      </div>
    </section>
  );
}
