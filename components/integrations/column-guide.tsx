import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';

export interface KindGuide {
  kind: string;
  title: string;
  /** The template file: header row and one example row. */
  template: string;
  columns: { name: string; required: boolean; format: string; example: string }[];
}

/**
 * The file kinds of a batch, each with its columns (name, required, format, example) and a template
 * to download, so that a finance user can prepare the files without reading the project's docs.
 * The template is a data link: the page already holds it, and it costs no extra request.
 */
export function ColumnGuide({ kinds }: { kinds: KindGuide[] }) {
  return (
    <div className="space-y-2" data-testid="column-guide">
      {kinds.map((k) => (
        <details key={k.kind} className="group rounded-lg border border-slate-200" data-kind={k.kind}>
          <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span>
              <span aria-hidden className="mr-2 inline-block text-slate-400 transition-transform group-open:rotate-90">
                ▸
              </span>
              <span className="font-mono font-medium text-slate-900">{k.kind}.csv</span>
              <span className="ml-2 text-slate-600">{k.title}</span>
              <span className="ml-2 text-xs text-slate-400">
                {k.columns.length} columns, {k.columns.filter((c) => c.required).length} required
              </span>
            </span>
            <a
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(k.template)}`}
              download={`${k.kind}.csv`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50"
              data-testid={`template-${k.kind}`}
            >
              Download template
            </a>
          </summary>
          <DataTable label={`Columns of ${k.kind}.csv`}>
            <thead>
              <tr>
                <Th>Column</Th>
                <Th>Required</Th>
                <Th>Format</Th>
                <Th>Example</Th>
              </tr>
            </thead>
            <tbody>
              {k.columns.map((c) => (
                <Tr key={c.name}>
                  <Td className="whitespace-nowrap font-mono text-xs">{c.name}</Td>
                  <Td>{c.required ? 'Required' : <span className="text-slate-500">Optional</span>}</Td>
                  <Td className="text-sm text-slate-700">{c.format}</Td>
                  <Td className="whitespace-nowrap font-mono text-xs">
                    {c.example || <span className="text-slate-400">(empty)</span>}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        </details>
      ))}
    </div>
  );
}
