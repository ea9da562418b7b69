/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the build, at
 * the strongest settings: compressing once at build time costs nothing per request, and the server
 * (`@fastify/static` with `preCompressed`) picks the copy the browser accepts. A copy that would
 * not be smaller than the file is not written (tiny files, already-compressed fonts and images).
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; woff2, png, jpg and webp are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|ico|map|webmanifest|woff)$/;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses one file; zlib runs on libuv's thread pool, so files compress in parallel. */
export async function compressFile(file: string): Promise<{ br?: number; gz?: number }> {
  const content = await readFile(file);
  const written: { br?: number; gz?: number } = {};
  const [br, gz] = await Promise.all([
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < content.length) {
    await writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

/** Every file under `dir` the browser may fetch (not Vite's manifest folder). */
function* compressibleFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === '.vite') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* compressibleFiles(full);
    else if (COMPRESSIBLE.test(name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'creneau-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file (public ones included) is on disk.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await Promise.all([...compressibleFiles(outDir)].map(compressFile));
      },
    },
  };
}
