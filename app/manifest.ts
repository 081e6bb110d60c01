import type { MetadataRoute } from 'next';

/** Web app manifest (/manifest.webmanifest): name, colours and the app icons of app/. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Aromas del Alma — Sahumerios, velas y productos esotéricos por mayor',
    short_name: 'Aromas del Alma',
    description: 'Tienda mayorista online de sahumerios naturales, velas artesanales, esencias y productos esotéricos.',
    lang: 'es',
    start_url: '/',
    display: 'standalone',
    background_color: '#fbf6ee',
    theme_color: '#4a2340',
    icons: [
      { src: '/icon.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/apple-icon.png', sizes: '180x180', type: 'image/png' },
      { src: '/favicon.ico', sizes: '48x48', type: 'image/x-icon' },
    ],
  };
}
