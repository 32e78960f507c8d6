import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { contractForTheWeb } from './build/contract-for-the-web.ts';

const API_TARGET = process.env.VITE_API_PROXY ?? 'http://localhost:3000';
const proxied = ['/api', '/user', '/health'];

export default defineConfig({
  plugins: [
    react(),
    contractForTheWeb(),
    VitePWA({
      // 'prompt': the app drives the update itself (waiting worker -> skip waiting -> reload), see
      // src/app/service-worker.ts.
      registerType: 'prompt',
      injectRegister: false,
      // Our own worker (src/sw.ts): Workbox precaching and offline shell, plus Web Push.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Stabile',
        short_name: 'Stabile',
        description: 'La web app per gli amministratori di condominio',
        lang: 'it',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c6e8c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
    // Brotli and gzip copies of every text asset, made once at build: the server sends the one the
    // browser accepts (a phone on a slow line downloads 145 KB for /login instead of 431 KB).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.(br|gz)$/] }),
  ],
  build: {
    // The web bench reads .vite/manifest.json to measure the JavaScript each route loads.
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
});
