import fs from 'node:fs';
import path from 'node:path';

/** Every key of the shell's Spanish messages exists in en and pt-BR, and ICU placeholders match. */
const NAMESPACES = ['common', 'seo', 'home', 'pages', 'errors'];
const root = path.join(process.cwd(), 'messages');

function flatten(obj: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  } else {
    out[prefix] = String(obj);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('messages/%s.json', (ns) => {
  const es = flatten(JSON.parse(fs.readFileSync(path.join(root, 'es', `${ns}.json`), 'utf8')));
  it.each(['en', 'pt-BR'])('%s has every Spanish key with the same placeholders', (locale) => {
    const other = flatten(JSON.parse(fs.readFileSync(path.join(root, locale, `${ns}.json`), 'utf8')));
    for (const [key, text] of Object.entries(es)) {
      expect([key, typeof other[key]]).toEqual([key, 'string']);
      expect([key, placeholders(other[key])]).toEqual([key, placeholders(text)]);
    }
  });
});
