/**
 * React Router in the production bundle: its package points every bundler at the build with
 * development warnings switched on, and names its components for React's developer tools with
 * top-level `X.displayName = "X"` writes, and makes them with React calls not marked pure — both of
 * which the tree-shaker must keep, so components the app never renders (Form and all it calls)
 * stayed in the first download. For `vite build` only, this swaps in the package's own production
 * build (the same code, warnings off), drops those debug names and marks the module-level
 * `React.forwardRef`, `React.memo` and `React.createContext` calls pure (they only build objects);
 * tests and the dev server keep the development build. Measured by `npm run bench -- web-bundle`
 * (docs/benchmarks.md).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** The package's folder: its `exports` map does not expose dist/production, so it is found by path. */
const packageDir = path.dirname(require.resolve('react-router/package.json'));
const productionEntry = path.join(packageDir, 'dist/production/index.mjs');
const routerChunk = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** A top-level name for the developer tools: `Link.displayName = "Link";`. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm;
/** A module-level component or context: `var Form = React10.forwardRef(`. */
const REACT_FACTORY = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

export function routerProduction(): Plugin {
  return {
    name: 'creneau:router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? productionEntry : null;
    },
    transform(code, id) {
      return routerChunk.test(id)
        ? { code: code.replace(DISPLAY_NAME, '').replace(REACT_FACTORY, '$1/* @__PURE__ */ $2'), map: null }
        : null;
    },
  };
}
