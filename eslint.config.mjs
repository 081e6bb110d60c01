import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Images come from the shop's own /uploads proxy, which already resizes and converts them (?w=), and
    // next.config has images.unoptimized: next/image would only add client JS, so plain <img> is the rule here.
    rules: { '@next/next/no-img-element': 'off' },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'server/db/migrations/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
