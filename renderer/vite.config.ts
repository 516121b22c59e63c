import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Builds the renderer into dist/renderer. `base: './'` keeps every asset URL relative, so the
 * same build loads from the web bridge and from the Electron app protocol.
 */
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [svelte({ configFile: false, compilerOptions: { runes: true } })],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    target: 'es2023',
    // Inline assets would need `data:` for scripts/fonts under the CSP; keep them as files.
    assetsInlineLimit: 0,
  },
});
