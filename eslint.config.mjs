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
    // e2e specs sign in through e2e/support/session.ts: a copy of its own skipped the saved-cart reset there,
    // and the cart an earlier test left in a shared demo account came back into the next test (24 became 48).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'FunctionDeclaration[id.name=/^(signedInPage|logIn|fillLogin|signIn)$/]',
          message: 'Sign in with e2e/support/session.ts (signedInPage, logIn, fillLogin): it empties the account\'s saved cart first.',
        },
      ],
    },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'server/db/migrations/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
