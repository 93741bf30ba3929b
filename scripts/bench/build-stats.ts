/**
 * First-load JavaScript per route of the production build.
 *
 * Next 16 no longer prints sizes in the `next build` route table. It writes
 * .next/diagnostics/route-bundle-stats.json instead: per app route, the union of the client chunks
 * of every segment (the page and its layouts, from the route's
 * server/app/<route>/page_client-reference-manifest.js "entryJSFiles") plus the build manifest's
 * rootMainFiles, with their uncompressed size. We read that file (or, if an older build lacks it,
 * compute the same union from those manifests) and add the gzip size of the same chunks, which is
 * what the old "First Load JS" column showed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

export interface RouteJs {
  route: string;
  chunks: number;
  bytes: number;
  gzipBytes: number;
}

export interface BuildStats {
  buildId: string;
  builtAt: string;
  source: 'route-bundle-stats.json' | 'manifests';
  /** The rootMainFiles every route loads. */
  shared: { chunks: number; bytes: number; gzipBytes: number };
  routes: RouteJs[];
  /** Sizes in the printed route table, when the build printed any (Next 16 does not). */
  printedSizes: Record<string, string> | null;
}

const DIST = path.join(process.cwd(), '.next');

interface RouteBundleRow {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

type RscManifests = Record<string, { entryJSFiles?: Record<string, string[]> }>;

/** The manifest file assigns globalThis.__RSC_MANIFEST[appPath]; load it with the global saved and restored. */
function readEntryJSFiles(req: NodeJS.Require, file: string, appPath: string): Record<string, string[]> {
  const g = globalThis as { __RSC_MANIFEST?: RscManifests };
  const previous = g.__RSC_MANIFEST;
  g.__RSC_MANIFEST = {};
  try {
    req(file);
    const manifests: RscManifests = g.__RSC_MANIFEST ?? {};
    return manifests[appPath]?.entryJSFiles ?? {};
  } finally {
    g.__RSC_MANIFEST = previous;
  }
}

function fromManifests(): RouteBundleRow[] {
  const build = JSON.parse(readFileSync(path.join(DIST, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  const appPaths = JSON.parse(readFileSync(path.join(DIST, 'server', 'app-paths-manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  const req = createRequire(import.meta.url);
  const rows: RouteBundleRow[] = [];
  for (const appPath of Object.keys(appPaths)) {
    if (!appPath.endsWith('/page')) continue;
    const file = path.join(DIST, 'server', 'app', `${appPath}_client-reference-manifest.js`);
    if (!existsSync(file)) continue;
    const entryJSFiles = readEntryJSFiles(req, file, appPath);
    const files = new Set(
      [...Object.values(entryJSFiles).flat(), ...(build.rootMainFiles ?? [])].filter((f) => f.endsWith('.js')),
    );
    const chunkPaths = [...files].map((f) => path.join('.next', f));
    // /(group)/x/page -> /x
    const route = appPath.replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '') || '/';
    rows.push({
      route,
      firstLoadUncompressedJsBytes: chunkPaths.reduce((s, f) => s + statSync(f).size, 0),
      firstLoadChunkPaths: chunkPaths,
    });
  }
  return rows;
}

/** Sizes printed in a `next build` route table (older Next versions: "○ /route   1.2 kB   105 kB"). */
export function parsePrintedSizes(output: string | undefined): Record<string, string> | null {
  if (!output) return null;
  const sizes: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const m = /^[┌├└│\s]*[○ƒ●λ◐]\s+(\/\S*)\s+([\d.]+\s*[kM]?B)\s+([\d.]+\s*[kM]?B)/.exec(line);
    if (m) sizes[m[1]!] = m[3]!;
  }
  return Object.keys(sizes).length ? sizes : null;
}

export function readBuildStats(buildOutput?: string): BuildStats | undefined {
  if (!existsSync(path.join(DIST, 'BUILD_ID'))) return undefined;
  const statsFile = path.join(DIST, 'diagnostics', 'route-bundle-stats.json');
  const fromFile = existsSync(statsFile);
  const rows: RouteBundleRow[] = fromFile
    ? (JSON.parse(readFileSync(statsFile, 'utf8')) as RouteBundleRow[])
    : fromManifests();
  const gzip = new Map<string, number>();
  const raw = new Map<string, number>();
  const measureChunk = (file: string) => {
    if (!gzip.has(file)) {
      const bytes = readFileSync(path.join(process.cwd(), file));
      raw.set(file, bytes.length);
      gzip.set(file, gzipSync(bytes, { level: 9 }).length);
    }
    return { bytes: raw.get(file)!, gzipBytes: gzip.get(file)! };
  };
  const routes = rows
    .map((row) => {
      const sizes = row.firstLoadChunkPaths.filter((f) => existsSync(path.join(process.cwd(), f))).map(measureChunk);
      return {
        route: row.route,
        chunks: row.firstLoadChunkPaths.length,
        bytes: sizes.reduce((s, x) => s + x.bytes, 0),
        gzipBytes: sizes.reduce((s, x) => s + x.gzipBytes, 0),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const build = JSON.parse(readFileSync(path.join(DIST, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  const sharedSizes = (build.rootMainFiles ?? [])
    .filter((f) => f.endsWith('.js'))
    .map((f) => measureChunk(path.join('.next', f)));
  return {
    buildId: readFileSync(path.join(DIST, 'BUILD_ID'), 'utf8').trim(),
    builtAt: statSync(path.join(DIST, 'BUILD_ID')).mtime.toISOString(),
    source: fromFile ? 'route-bundle-stats.json' : 'manifests',
    shared: {
      chunks: sharedSizes.length,
      bytes: sharedSizes.reduce((s, x) => s + x.bytes, 0),
      gzipBytes: sharedSizes.reduce((s, x) => s + x.gzipBytes, 0),
    },
    routes,
    printedSizes: parsePrintedSizes(buildOutput),
  };
}
