// Build-time prerender: an app's guest screens rendered to HTML in Node, by the same compiled code as the browser's.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const createStyledComponentsTransformer = require('typescript-plugin-styled-components').default;

const root = path.resolve(__dirname, '..');

/**
 * styled-components names each component from a creation-order counter, which differs between the Node prerender and
 * the browser (where the shell creates its components first): the transformer gives each one a componentId from its
 * file (relative to the repository, so any checkout agrees) and position instead, so server and browser class names
 * match and hydration keeps the prerendered HTML.
 */
function styledComponentsTransformer() {
  const transformer = createStyledComponentsTransformer({ ssr: true, displayName: false });
  const fromRoot = (context) =>
    Object.assign(Object.create(context), { getCompilerOptions: () => ({ ...context.getCompilerOptions(), sourceRoot: root }) });
  return { before: [(context) => transformer(fromRoot(context))] };
}

/** The TypeScript rule of every build, browser and prerender alike (their class names must agree). */
function typescriptRule({ sourceMap, configFile }) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      // Type-checking runs once for the whole repo (`npm run typecheck`), not in five builds.
      options: {
        transpileOnly: true,
        ...(configFile ? { configFile } : {}),
        compilerOptions: { noEmit: false, module: 'esnext', sourceMap },
        getCustomTransformers: styledComponentsTransformer,
      },
    },
  };
}

/** A bare import of an installed library (required from node_modules at prerender time), not the portal's own packages. */
const isLibrary = (request) => /^[@a-z]/i.test(request) && !/^(shared-(api|ui)|portal-rules)(\/|$)/.test(request);

/**
 * After the browser build has written dist/, `entry` (a module exporting `prerender(): Promise<object>`) is bundled
 * for Node with the same TypeScript rule and build id. An area's is run, and its pages written to dist/prerender.json
 * (a failure fails the build: a release without its prerender would show an older screen's HTML). The shell's
 * (`atSiteWrite`) is written whole, libraries included, as dist/frames.cjs: the site writer draws the frames with it
 * from the live areas' routes, so a page or navbar link an area releases alone is drawn too (portal-server).
 */
class PrerenderPlugin {
  constructor({ dirname, entry, replacements = [], atSiteWrite = false }) {
    Object.assign(this, { dirname, entry, replacements, atSiteWrite });
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async () => {
      const out = this.atSiteWrite ? path.join(this.dirname, 'dist') : path.join(this.dirname, 'node_modules', '.cache', 'prerender');
      const stats = await new Promise((resolve, reject) =>
        webpack({
          mode: 'production',
          target: 'node',
          context: this.dirname,
          entry: { [this.atSiteWrite ? 'frames' : 'prerender']: this.entry },
          output: { path: out, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: !this.atSiteWrite },
          resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
          externals: this.atSiteWrite ? [] : [({ request }, callback) => (isLibrary(request) ? callback(null, `commonjs ${request}`) : callback())],
          module: { rules: [typescriptRule({ sourceMap: false })] },
          plugins: [
            new webpack.DefinePlugin({ 'process.env.PORTAL_BUILD_ID': JSON.stringify(process.env.PORTAL_BUILD_ID || 'local') }),
            new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
            ...this.replacements.map(([pattern, file]) => new webpack.NormalModuleReplacementPlugin(pattern, file)),
          ],
          optimization: { minimize: false },
          devtool: false,
          stats: 'errors-warnings',
        }).run((error, result) => (error ? reject(error) : resolve(result))),
      );
      if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
      if (this.atSiteWrite) return;
      // React's production build, as in the browser: its markup and ids are the ones the browser hydrates.
      process.env.NODE_ENV = 'production';
      const file = path.join(out, 'prerender.cjs');
      delete require.cache[file];
      const result = await require(file).prerender();
      // A remote's pages name the build they belong to (its versioned entry, ExposeChunksPlugin): the server uses
      // them only with that build's code.
      const listing = path.join(this.dirname, 'dist', 'expose-chunks.json');
      const entry = fs.existsSync(listing) ? JSON.parse(fs.readFileSync(listing, 'utf8')).entry : undefined;
      fs.writeFileSync(path.join(this.dirname, 'dist', 'prerender.json'), JSON.stringify({ entry, ...result }));
    });
  }
}

module.exports = { PrerenderPlugin, typescriptRule };
