import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  compiler: { styledComponents: true },
  poweredByHeader: false,
  // Lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The API host is read at run time (SHOP_API_URL), so product images are served through our own origin.
  images: { unoptimized: true },
};

export default withNextIntl(nextConfig);
