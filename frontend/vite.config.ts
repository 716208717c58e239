import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Smaller files go as they are: the server compresses nothing under 1 KiB either. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every
 * built text file, once at build time; the server sends them to browsers that
 * accept them (tower-http `ServeDir::precompressed_*`, nginx `gzip_static`)
 * instead of compressing on every request. A variant that is not smaller is
 * not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'equilibre-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        const variants: [string, Buffer][] = [
          [
            '.br',
            brotliCompressSync(bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ],
          ['.gz', gzipSync(bytes, { level: 9 })],
        ];
        for (const [suffix, compressed] of variants) {
          if (compressed.length < bytes.length) writeFileSync(file + suffix, compressed);
        }
      }
    },
  };
}

/** Chunks every page loads before any lazy one (named by the `codeSplitting` groups below). */
const FIRST_LOAD_CHUNK = /(^|\/)(vendor|index|shell|rolldown-runtime)-[\w-]+\.js$/;

/**
 * react-router's package exports name only its development build (warnings and
 * checks left in); the production build ships beside it. Builds take that one.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      // Every browser we support preloads modules itself (Safari from 17; an older one just does not preload).
      polyfill: false,
      // A lazy chunk's preload list leaves out the chunks the page's first load has already run
      // (the framework, the entry and the shell): every lazy chunk named them again, for nothing.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !FIRST_LOAD_CHUNK.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every page needs, in one long-cached chunk. Form libraries stay lazy.
            // The store selector the admin charts use (recharts) stays with them, and the virtual
            // list of the searchable pickers (@tanstack/react-virtual) with the pickers, and React Query's
            // hooks only area screens use (`useQueries` and kin) with those screens.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](?:react-query|query-core)(?![\\/]build[\\/]modern[\\/](?:useQueries|queriesObserver|useSuspense|useInfinite|infiniteQueryObserver|useMutationState|useIsFetching|HydrationBoundary|hydration))|i18next|react-i18next|use-sync-external-store(?![\\/].*with-selector)|void-elements|html-parse-stringify)[\\/]/,
            },
            // Our own small modules every public page runs (the entry's, and the page title), in one
            // chunk rather than one small file each: the bundler leaves modules the lazy chunks share
            // with the entry out of it.
            {
              name: 'shell',
              test: /src[\\/](lib[\\/](api-client|api-error|persisted-state|storage)\.ts|config[\\/]roles\.ts|components[\\/](ui[\\/]use-near\.ts|layouts[\\/](page-title|area-context)\.tsx))$/,
            },
            // The validation library apart from the form library: a form may load it only when it checks.
            {
              name: 'yup',
              test: /node_modules[\\/](yup|tiny-case|property-expr|toposort)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
}));
