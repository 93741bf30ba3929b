import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slug } from '@/scripts/api-reference/render';

const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text a reader sees: code blocks and code spans hold no links. */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a file's headings, a repeated heading numbered -1, -2, … */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

const FILES = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

describe('links in README.md and docs/', () => {
  it.each(FILES.map((f) => [path.relative(ROOT, f), f]))(
    '%s points only at files and anchors that exist',
    (_, file) => {
      const broken: string[] = [];
      for (const [, target] of prose(readFileSync(file!, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // http:, https:, mailto:
        const [where, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = where ? path.resolve(path.dirname(file!), where) : file!;
        if (!existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && !(statSync(resolved).isFile() && anchorsOf(resolved).has(anchor)))
          broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    },
  );

  it('the README configures every variable of .env.example', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const variables = [...readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)];
    expect(variables.length).toBeGreaterThan(10);
    expect(variables.map((m) => m[1]).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
