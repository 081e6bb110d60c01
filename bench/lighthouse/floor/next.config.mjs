import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // node_modules is a link to the project's (bench/lighthouse/run.ts): let Turbopack resolve outside the copy.
  turbopack: { root: '/' },
  images: { formats: ['image/avif', 'image/webp'] },
};

export default withNextIntl(nextConfig);
