/**
 * Which modules make each public page's JavaScript (issue 25: "per-page JS by chunk with the module that
 * causes it"). Against a running storefront built with browser source maps:
 *
 *   SOURCEMAPS=1 NEXT_DIST_DIR=.next-an next build
 *   (start the API and `NEXT_DIST_DIR=.next-an next start`)
 *   npx tsx bench/lighthouse/chunks.ts --site http://localhost:3000 --dist .next-an [/ /products /velas /velas/x]
 *
 * For every page: each JS chunk its HTML references (gzip kB), and the chunk's largest sources (from its source
 * map: bytes of original source, a proxy for what the module costs), grouped into packages
 * (node_modules/<name>) and our own files. Chunks every page shares are listed once, as "shared".
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values, positionals } = parseArgs({
  options: { site: { type: 'string', default: 'http://localhost:3000' }, dist: { type: 'string', default: '.next-an' }, top: { type: 'string', default: '6' } },
  allowPositionals: true,
});
const root = process.cwd();
const kb = (n: number) => (Math.round(n / 102.4) / 10).toFixed(1);

/** The package or project file a source map entry belongs to. */
function owner(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return source.replace(/^.*?\[project\]\//, '').replace(/^(turbopack:\/\/\/|webpack:\/\/)/, '').replace(/ \[.*$/, '');
}

interface Chunk {
  file: string;
  gzip: number;
  owners: [string, number][];
}

function readChunk(file: string): Chunk {
  const full = path.join(root, values.dist!, file.replace(/^static\//, 'static/'));
  const code = readFileSync(full);
  const owners = new Map<string, number>();
  // Turbopack names the map by its own hash: follow the chunk's sourceMappingURL comment.
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code.toString('utf8'))?.[1];
  const mapFile = mapName ? path.join(path.dirname(full), mapName) : `${full}.map`;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[]; sourcesContent?: (string | null)[]; sections?: { map: { sources: string[]; sourcesContent?: (string | null)[] } }[] };
    const maps = map.sections ? map.sections.map((s) => s.map) : [map];
    for (const m of maps) (m.sources ?? []).forEach((s, i) => owners.set(owner(s), (owners.get(owner(s)) ?? 0) + (m.sourcesContent?.[i]?.length ?? 0)));
  }
  return { file, gzip: gzipSync(code).length, owners: [...owners].sort((a, b) => b[1] - a[1]) };
}

async function main() {
  const pages = positionals.length ? positionals : ['/'];
  const perPage = new Map<string, string[]>();
  for (const p of pages) {
    const html = await (await fetch(`${values.site}${p}`)).text();
    perPage.set(p, [...new Set(html.match(/static\/chunks\/[\w~.-]+\.js/g) ?? [])].filter((c) => !new RegExp(`${c.replace(/[.]/g, '\\.')}"\\s+noModule`).test(html)));
  }
  const all = [...perPage.values()];
  const shared = all[0]!.filter((c) => all.every((list) => list.includes(c)));
  const show = (title: string, files: string[]) => {
    const chunks = files.map(readChunk).sort((a, b) => b.gzip - a.gzip);
    console.log(`\n${title}: ${chunks.length} chunks, ${kb(chunks.reduce((s, c) => s + c.gzip, 0))} kB gzip`);
    for (const c of chunks) {
      const total = c.owners.reduce((s, [, n]) => s + n, 0) || 1;
      const top = c.owners.slice(0, Number(values.top)).map(([o, n]) => `${o} ${Math.round((n / total) * 100)}%`).join(', ');
      console.log(`  ${kb(c.gzip).padStart(6)} kB  ${path.basename(c.file)}  ${top}`);
    }
  };
  show('shared by every page', shared);
  for (const [p, list] of perPage) show(`only ${p}`, list.filter((c) => !shared.includes(c)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
