import type { TImportReport } from '@/lib/contract/imports';

/** The report as plain text for the terminal: counts per file, then every listed error. */
export function formatReport(report: TImportReport): string {
  const lines: string[] = [];
  const seconds = (report.durationMs / 1000).toFixed(1);
  if (report.status === 'SUCCEEDED') {
    const rows = report.files.reduce((n, f) => n + f.rows, 0);
    lines.push(
      `Imported ${rows.toLocaleString('en-IN')} rows in ${seconds} s (import #${report.id}): ${report.changes.toLocaleString('en-IN')} changes.`,
    );
    for (const file of report.files) {
      const c = report.counts[file.kind];
      if (c)
        lines.push(
          `  ${file.name.padEnd(20)} ${String(c.rows).padStart(9)} rows: ${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged${c.skipped ? `, ${c.skipped} skipped` : ''}`,
        );
    }
    if (report.skipped) {
      lines.push(
        `Skipped ${report.skipped.toLocaleString('en-IN')} bad row${report.skipped === 1 ? '' : 's'}: correct them and import them again.`,
      );
      lines.push(...errorLines(report));
    }
    for (const warning of report.warnings) lines.push(`Note: ${warning}`);
    if (report.dimensionValuesCreated) lines.push(`  ${report.dimensionValuesCreated} new dimension values`);
    lines.push('Integration update time set; the rollup job rebuilds the ageing figures.');
  } else {
    lines.push(
      `Refused (import #${report.id}): ${report.errorCount.toLocaleString('en-IN')} error${report.errorCount === 1 ? '' : 's'}; nothing was written.`,
    );
    lines.push(...errorLines(report));
  }
  return lines.join('\n');
}

function errorLines(report: TImportReport): string[] {
  const lines = report.errors.map(
    (e) => `  ${e.file || '(batch)'}${e.line ? `:${e.line}` : ''}${e.column ? ` [${e.column}]` : ''}: ${e.reason}`,
  );
  if (report.errorCount > report.errors.length)
    lines.push(`  ... and ${report.errorCount - report.errors.length} more`);
  return lines;
}
