import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The product's server as one ES module, transpiled once per Playwright run, so that each of the ~50 spec servers
 * starts on plain JavaScript instead of tsx resolving and transpiling some 400 TypeScript modules on every start
 * (docs/testing.md has the figures). Packages stay outside the bundle (node_modules is loaded as usual), and every
 * module's `import.meta.url` is its source file's URL, so paths the server finds beside its code (the built-in
 * metadata, report definitions, PDF fonts, createRequire) are the same as under tsx. The bundle is the same code:
 * nothing in it is specific to tests.
 */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * A package's file imported without its extension (`ajv-formats/dist/formats`), which tsx resolves as CommonJS does
 * but Node's ESM loader refuses in a plain .mjs file: the external import gets the extension of the file it means.
 */
const deepImportExtensions: Plugin = {
  name: 'deep-import-extensions',
  setup(builder) {
    builder.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/.+/ }, (args) => {
      if (args.path.startsWith('node:') || path.extname(args.path)) return undefined;
      try {
        const resolved = createRequire(args.importer).resolve(args.path);
        if (resolved.endsWith(`${args.path}.js`)) return { path: `${args.path}.js`, external: true };
      } catch {
        // a subpath from the package's "exports": Node resolves it as it is
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * Writes the bundle of server/server.ts to `outfile` (an .mjs file) and answers its path. Modules the server imports
 * only when first used (`await import('./pdf-writer')`: react-pdf, exceljs, fontkit) go to chunks beside it: in one
 * file their packages' imports would be hoisted to its top and loaded at every start.
 */
export async function bundleServer(outfile: string, root = process.cwd()): Promise<string> {
  await build({
    entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'server/server.ts') },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [deepImportExtensions, sourceUrls],
  });
  return outfile;
}
