/**
 * Demo images: varied SVG illustrations (gradients, a motif per category, the product's palette and a
 * short label) rendered to WebP with sharp and written through the blob storage (server/storage). Names carry a
 * hash of the SVG, so they are immutable (served with a one-year cache) and a stored one is never rendered twice.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import type { ImageSink } from '../../storage/blobs';
import { createRng, hashString, type Rng } from './prng';

export type Motif = 'sticks' | 'candle' | 'bottle' | 'holder' | 'crystal' | 'burner' | 'cards' | 'decor';

export type ImageJob = {
  /** directory under uploads/, e.g. "products" */
  dir: string;
  /** file name stem, e.g. "sah-0001-1" */
  stem: string;
  svg: string;
  width: number;
  height: number;
};

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

function wrapLabel(label: string, max = 22): string[] {
  const words = label.split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if ((cur + ' ' + w).trim().length > max && cur) {
      lines.push(cur);
      cur = w;
    } else cur = (cur + ' ' + w).trim();
  }
  if (cur) lines.push(cur);
  return lines.slice(0, 2);
}

function motifShapes(motif: Motif, rng: Rng, palette: string[], variant: number): string {
  const [c1, c2, c3] = [palette[0]!, palette[1] ?? palette[0]!, palette[2] ?? shade(palette[0]!, -0.25)];
  const out: string[] = [];
  const rot = (variant % 2 ? -1 : 1) * rng.int(4, 18);
  switch (motif) {
    case 'sticks': {
      const n = rng.int(3, 7);
      for (let i = 0; i < n; i++) {
        const x = 260 + i * (280 / n) + rng.int(-10, 10);
        const h = rng.int(360, 470);
        out.push(
          `<g transform="rotate(${rot + rng.int(-6, 6)} ${x} 620)"><rect x="${x}" y="${620 - h}" width="7" height="${h}" rx="3" fill="#6b4a2b"/><rect x="${x - 2}" y="${620 - h}" width="11" height="${h * 0.7}" rx="5" fill="${i % 2 ? c1 : c3}"/><circle cx="${x + 3}" cy="${620 - h}" r="6" fill="#ff8a3d"/>` +
            `<path d="M${x + 3} ${610 - h} C ${x - 40} ${540 - h}, ${x + 50} ${480 - h}, ${x + 5} ${400 - h}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="6" fill="none" stroke-linecap="round"/></g>`,
        );
      }
      out.push(`<ellipse cx="400" cy="640" rx="230" ry="34" fill="${shade(c2, -0.3)}" opacity="0.8"/>`);
      break;
    }
    case 'candle': {
      const w = rng.int(150, 230);
      const h = rng.int(220, 330);
      const x = 400 - w / 2;
      const y = 640 - h;
      out.push(
        `<ellipse cx="400" cy="650" rx="${w * 0.9}" ry="30" fill="#000" opacity="0.18"/>`,
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${variant % 2 ? 18 : 60}" fill="${c1}"/>`,
        `<rect x="${x + w * 0.12}" y="${y + 14}" width="${w * 0.16}" height="${h - 40}" rx="8" fill="#fff" opacity="0.25"/>`,
        `<ellipse cx="400" cy="${y + 6}" rx="${w / 2}" ry="18" fill="${shade(c1, 0.15)}"/>`,
        `<rect x="397" y="${y - 36}" width="6" height="34" fill="#333"/>`,
        `<path d="M400 ${y - 120} C 440 ${y - 70}, 430 ${y - 36}, 400 ${y - 30} C 370 ${y - 36}, 360 ${y - 70}, 400 ${y - 120} Z" fill="#ffb347"/>`,
        `<path d="M400 ${y - 90} C 418 ${y - 62}, 414 ${y - 44}, 400 ${y - 40} C 386 ${y - 44}, 382 ${y - 62}, 400 ${y - 90} Z" fill="#fff3b0"/>`,
        `<circle cx="400" cy="${y - 70}" r="${rng.int(80, 120)}" fill="#ffd27f" opacity="0.18"/>`,
      );
      break;
    }
    case 'bottle': {
      const w = rng.int(160, 220);
      const h = rng.int(240, 320);
      const x = 400 - w / 2;
      const y = 640 - h;
      out.push(
        `<ellipse cx="400" cy="648" rx="${w * 0.8}" ry="26" fill="#000" opacity="0.18"/>`,
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="36" fill="${c1}" opacity="0.9"/>`,
        `<rect x="${x}" y="${y + h * 0.35}" width="${w}" height="${h * 0.65}" rx="36" fill="${shade(c1, -0.2)}" opacity="0.7"/>`,
        `<rect x="370" y="${y - 50}" width="60" height="56" rx="8" fill="${c3}"/>`,
        `<rect x="360" y="${y - 110}" width="80" height="66" rx="14" fill="#2b2b2b"/>`,
        `<rect x="${x + 24}" y="${y + 60}" width="${w - 48}" height="${h * 0.38}" rx="10" fill="#fffaf0" opacity="0.92"/>`,
        `<circle cx="400" cy="${y + 60 + h * 0.19}" r="${Math.min(w, h) * 0.12}" fill="${c2}"/>`,
      );
      break;
    }
    case 'holder': {
      out.push(
        `<ellipse cx="400" cy="600" rx="${rng.int(230, 300)}" ry="${rng.int(50, 80)}" fill="${c1}"/>`,
        `<ellipse cx="400" cy="585" rx="${rng.int(180, 220)}" ry="${rng.int(30, 50)}" fill="${shade(c1, 0.18)}"/>`,
      );
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * Math.PI * 2;
        out.push(`<circle cx="${400 + Math.cos(a) * 150}" cy="${590 + Math.sin(a) * 30}" r="8" fill="${c2}"/>`);
      }
      out.push(
        `<g transform="rotate(${rot} 400 580)"><rect x="396" y="250" width="8" height="330" fill="#6b4a2b"/><circle cx="400" cy="250" r="7" fill="#ff8a3d"/></g>`,
        `<path d="M400 240 C 360 180, 450 140, 400 80" stroke="#fff" stroke-opacity="0.5" stroke-width="7" fill="none" stroke-linecap="round"/>`,
      );
      break;
    }
    case 'crystal': {
      const n = rng.int(3, 6);
      for (let i = 0; i < n; i++) {
        const cx = 250 + i * (300 / Math.max(1, n - 1)) + rng.int(-20, 20);
        const h = rng.int(180, 400);
        const w = rng.int(60, 110);
        const col = [c1, c2, c3][i % 3]!;
        out.push(
          `<polygon points="${cx - w / 2},640 ${cx - w / 2},${640 - h * 0.7} ${cx},${640 - h} ${cx + w / 2},${640 - h * 0.7} ${cx + w / 2},640" fill="${col}" opacity="0.9"/>`,
          `<polygon points="${cx},640 ${cx},${640 - h} ${cx + w / 2},${640 - h * 0.7} ${cx + w / 2},640" fill="#fff" opacity="0.22"/>`,
        );
      }
      out.push(`<ellipse cx="400" cy="650" rx="260" ry="28" fill="${shade(c3, -0.3)}" opacity="0.7"/>`);
      break;
    }
    case 'burner': {
      out.push(
        `<ellipse cx="400" cy="655" rx="200" ry="28" fill="#000" opacity="0.2"/>`,
        `<path d="M260 640 L 290 420 L 510 420 L 540 640 Z" fill="${c1}"/>`,
        `<ellipse cx="400" cy="420" rx="150" ry="34" fill="${shade(c1, 0.2)}"/>`,
        `<ellipse cx="400" cy="410" rx="120" ry="26" fill="${c2}"/>`,
        `<path d="M360 640 Q 400 560 440 640 Z" fill="#2b1d12"/>`,
        `<path d="M400 575 C 420 600, 418 622, 400 628 C 382 622, 380 600, 400 575 Z" fill="#ffb347"/>`,
      );
      for (let i = 0; i < 5; i++) {
        out.push(`<circle cx="${300 + i * 50}" cy="${500 + (i % 2) * 40}" r="12" fill="${shade(c1, -0.25)}"/>`);
      }
      out.push(`<path d="M400 380 C 370 320, 440 280, 400 210" stroke="#fff" stroke-opacity="0.45" stroke-width="8" fill="none" stroke-linecap="round"/>`);
      break;
    }
    case 'cards': {
      const n = rng.int(3, 5);
      for (let i = 0; i < n; i++) {
        const a = (i - (n - 1) / 2) * rng.int(10, 16);
        out.push(
          `<g transform="rotate(${a} 400 640)"><rect x="310" y="230" width="180" height="300" rx="14" fill="#fffaf0" stroke="${c3}" stroke-width="6"/><rect x="328" y="248" width="144" height="264" rx="8" fill="${i % 2 ? c1 : c2}"/>` +
            `<circle cx="400" cy="360" r="${rng.int(28, 44)}" fill="#fff" opacity="0.75"/><path d="M400 300 L 412 350 L 460 360 L 412 372 L 400 420 L 388 372 L 340 360 L 388 350 Z" fill="#f5d76e"/></g>`,
        );
      }
      break;
    }
    case 'decor':
    default: {
      const rings = rng.int(4, 7);
      for (let i = rings; i > 0; i--) {
        out.push(`<circle cx="400" cy="400" r="${i * 38}" fill="none" stroke="${[c1, c2, c3][i % 3]}" stroke-width="${rng.int(6, 14)}" opacity="0.85"/>`);
      }
      const petals = rng.int(6, 12);
      for (let i = 0; i < petals; i++) {
        out.push(
          `<ellipse cx="400" cy="270" rx="26" ry="80" fill="${i % 2 ? c2 : c1}" opacity="0.8" transform="rotate(${(360 / petals) * i} 400 400)"/>`,
        );
      }
      out.push(`<circle cx="400" cy="400" r="40" fill="#fffaf0"/>`);
    }
  }
  return out.join('');
}

/** Square product illustration. */
export function productSvg(opts: { seedKey: string; motif: Motif; palette: string[]; label: string; variant: number }): string {
  const rng = createRng(hashString(`${opts.seedKey}#${opts.variant}`));
  const [c1, c2] = [opts.palette[0]!, opts.palette[1] ?? opts.palette[0]!];
  const bgA = shade(c1, 0.38 - opts.variant * 0.07);
  const bgB = shade(c2, 0.12);
  const radial = opts.variant % 2 === 1;
  const gradient = radial
    ? `<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></radialGradient>`
    : `<linearGradient id="bg" x1="0" y1="0" x2="${rng.next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient>`;
  const dots = Array.from({ length: rng.int(6, 14) }, () => {
    return `<circle cx="${rng.int(0, 800)}" cy="${rng.int(0, 560)}" r="${rng.int(4, 40)}" fill="#fff" opacity="${(rng.next() * 0.18 + 0.04).toFixed(2)}"/>`;
  }).join('');
  const lines = wrapLabel(opts.label);
  const label = lines
    .map(
      (l, i) =>
        `<text x="400" y="${722 + i * 38 - (lines.length - 1) * 19}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" font-weight="bold" fill="#2b2118" text-anchor="middle">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs>${gradient}</defs>
<rect width="800" height="800" fill="url(#bg)"/>${dots}${motifShapes(opts.motif, rng, opts.palette, opts.variant)}
<rect x="0" y="680" width="800" height="120" fill="#fffaf0" opacity="0.82"/>${label}</svg>`;
}

/** Wide carousel banner (1600x600). */
export function bannerSvg(opts: { seedKey: string; title: string; subtitle: string; palette: string[]; motif: Motif }): string {
  const rng = createRng(hashString(opts.seedKey));
  const [c1, c2, c3] = [opts.palette[0]!, opts.palette[1]!, opts.palette[2] ?? opts.palette[0]!];
  const shapes = motifShapes(opts.motif, rng, opts.palette, 1);
  const sparkles = Array.from({ length: 24 }, () => `<circle cx="${rng.int(0, 1600)}" cy="${rng.int(0, 600)}" r="${rng.int(2, 9)}" fill="#fff" opacity="${(rng.next() * 0.5 + 0.1).toFixed(2)}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600"><defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c1, -0.15)}"/><stop offset="0.6" stop-color="${c2}"/><stop offset="1" stop-color="${shade(c3, 0.1)}"/></linearGradient></defs>
<rect width="1600" height="600" fill="url(#bg)"/>${sparkles}
<g transform="translate(1010 40) scale(0.7)">${shapes}</g>
<text x="110" y="270" font-family="DejaVu Serif, serif" font-size="78" font-weight="bold" fill="#fffaf0">${esc(opts.title)}</text>
<text x="112" y="345" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#fffaf0" opacity="0.92">${esc(opts.subtitle)}</text>
<rect x="112" y="395" width="250" height="64" rx="32" fill="#fffaf0"/><text x="237" y="437" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="bold" fill="${shade(c1, -0.3)}" text-anchor="middle">Ver productos</text></svg>`;
}

/** Category tile (800x600). */
export function categorySvg(opts: { seedKey: string; name: string; palette: string[]; motif: Motif }): string {
  const rng = createRng(hashString(opts.seedKey));
  const [c1, c2] = [opts.palette[0]!, opts.palette[1]!];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 800" preserveAspectRatio="xMidYMid slice"><defs>
<radialGradient id="bg" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="${shade(c1, 0.3)}"/><stop offset="1" stop-color="${shade(c2, -0.1)}"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>${motifShapes(opts.motif, rng, opts.palette, 0)}
<rect x="0" y="660" width="800" height="140" fill="#2b2118" opacity="0.55"/>
<text x="400" y="745" font-family="DejaVu Serif, serif" font-size="54" font-weight="bold" fill="#fffaf0" text-anchor="middle">${esc(opts.name)}</text></svg>`;
}

function fileNameFor(job: ImageJob): string {
  const hash = createHash('sha1').update(job.svg).digest('hex').slice(0, 10);
  return `${job.stem}-${hash}.webp`;
}

/** URL path (as stored and sent on the wire) of a job's output. */
function urlFor(job: ImageJob): string {
  return `/uploads/${job.dir}/${fileNameFor(job)}`;
}

/**
 * Renders the jobs into the blob storage as public objects `uploads/<dir>/<name>` (skipping those already
 * stored) and returns their URLs in job order: the same on every API host, whichever seeded. A few renders run
 * at once; each uses one libvips thread, so the cores stay busy without oversubscription.
 */
export async function renderImages(sink: ImageSink, jobs: ImageJob[], parallel = Math.max(2, os.availableParallelism())): Promise<string[]> {
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const key = urlFor(job).slice(1);
        if (await sink.has(key)) continue;
        const buf = await sharp(Buffer.from(job.svg), { density: 72 })
          .resize(job.width, job.height)
          .webp({ quality: 70, effort: 2 })
          .toBuffer();
        await sink.save(key, buf);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  } finally {
    sharp.concurrency(previous);
  }
  return jobs.map(urlFor);
}

/**
 * A handful of shared images (3 product, 1 banner, 1 category) for seeds that skip per-product rendering
 * (tests, `seed --no-images`). Cheap: about 0.2 s.
 */
export async function renderSharedImages(sink: ImageSink): Promise<{ productUrls: string[]; bannerUrls: string[]; categoryUrls: string[] }> {
  const palettes = [
    ['#8e44ad', '#f5cba7', '#5b2c6f'],
    ['#e67e22', '#f9e79f', '#a04000'],
    ['#16a085', '#d1f2eb', '#0e6655'],
  ];
  const motifs: Motif[] = ['sticks', 'candle', 'crystal'];
  const jobs: ImageJob[] = palettes.map((palette, i) => ({
    dir: 'products',
    stem: `shared-${i + 1}`,
    width: 800,
    height: 800,
    svg: productSvg({ seedKey: `shared-${i}`, motif: motifs[i]!, palette, label: 'Producto', variant: i }),
  }));
  jobs.push({
    dir: 'carousel',
    stem: 'shared-banner',
    width: 1600,
    height: 600,
    svg: bannerSvg({ seedKey: 'shared-banner', title: 'Aromas del Alma', subtitle: 'Tienda mayorista', palette: palettes[0]!, motif: 'sticks' }),
  });
  jobs.push({
    dir: 'categories',
    stem: 'shared-category',
    width: 800,
    height: 600,
    svg: categorySvg({ seedKey: 'shared-category', name: 'Categoría', palette: palettes[1]!, motif: 'decor' }),
  });
  const urls = await renderImages(sink, jobs);
  return { productUrls: urls.slice(0, 3), bannerUrls: [urls[3]!], categoryUrls: [urls[4]!] };
}
