const path = require('path');
const { areaRoutes, createConfig } = require('webpack-config');
const { areas } = require('webpack-config/registry');

/**
 * The areas' routes as their sources declare them now (each area's routes module, named by the registry): only for
 * a development page. At run time the shell routes by the live releases' own tables, which the site writer writes
 * into each page (and draws the frames from).
 */
function buildTimeRoutes() {
  return areas.flatMap((area) => areaRoutes({ name: area.name, dirname: path.join(__dirname, '..', area.dir), module: area.routes }));
}

const base = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
  // The frame of each page, with a slot for the area's own prerendered page: drawn by the site writer from the live
  // areas' routes with this build's dist/frames.cjs.
  frames: './src/app/prerender.tsx',
  prerenderReplacements: [[/[\\/]remote-loader$/, path.join(__dirname, 'src/features/remotes/prerender-remote-loader.ts')]],
});

/**
 * dist/sw.js, the service worker (`sw/service-worker.ts`): Workbox's runtime modules as published, bundled by esbuild
 * into one classic script (a worker is no federation container, so it is not part of this webpack graph). Served from
 * the site root by the shell's server, no-cache.
 */
class ServiceWorkerPlugin {
  apply(compiler) {
    const entry = path.join(__dirname, 'sw/service-worker.ts');
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'ServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { build } = require('esbuild');
          const result = await build({
            entryPoints: [entry],
            bundle: true,
            write: false,
            format: 'iife',
            target: 'es2020',
            minify: compiler.options.mode === 'production',
            legalComments: 'none',
            metafile: true,
            // Workbox's modules log only outside production.
            define: { 'process.env.NODE_ENV': JSON.stringify(compiler.options.mode ?? 'production') },
          });
          for (const input of Object.keys(result.metafile.inputs)) compilation.fileDependencies.add(path.resolve(input));
          compilation.emitAsset('sw.js', new compiler.webpack.sources.RawSource(result.outputFiles[0].text));
        },
      );
    });
  }
}

/** The installed app's look (web app manifest): the portal's name, colours and icons; it opens on /home. */
const APP_MANIFEST = {
  name: 'Starlink Kits',
  short_name: 'Starlink Kits',
  description: 'Register satellite internet kits, fund your NGN wallet and renew subscriptions.',
  start_url: '/home',
  scope: '/',
  display: 'standalone',
  background_color: '#f4f6f9',
  theme_color: '#0b57d0',
};

/**
 * dist/manifest.webmanifest (served no-cache: each release may change it) with the icons of `static/` under
 * content-hashed names, and the page's `<link rel="manifest">`: Android then offers "Add to Home screen". One file per
 * size serves as both "any" and "maskable" (the drawing sits inside the safe zone).
 */
class AppManifestPlugin {
  apply(compiler) {
    const { Compilation, sources, util } = compiler.webpack;
    const HtmlWebpackPlugin = require(require.resolve('html-webpack-plugin', { paths: [require.resolve('webpack-config')] }));
    compiler.hooks.thisCompilation.tap('AppManifestPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('AppManifestPlugin', (data) => {
        data.headTags.push(
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'manifest', href: '/manifest.webmanifest' }),
        );
        return data;
      });
      compilation.hooks.processAssets.tap(
        { name: 'AppManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const icons = [192, 512].flatMap((size) => {
            const file = path.join(__dirname, 'static', `icon-${size}.png`);
            compilation.fileDependencies.add(file);
            const bytes = require('fs').readFileSync(file);
            const hash = util.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
            const name = `icons/icon-${size}.${hash}.png`;
            compilation.emitAsset(name, new sources.RawSource(bytes), { immutable: true });
            const icon = { src: `/${name}`, sizes: `${size}x${size}`, type: 'image/png' };
            return [
              { ...icon, purpose: 'any' },
              { ...icon, purpose: 'maskable' },
            ];
          });
          compilation.emitAsset(
            'manifest.webmanifest',
            new sources.RawSource(JSON.stringify({ ...APP_MANIFEST, icons }, null, 2)),
          );
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new ServiceWorkerPlugin(), new AppManifestPlugin());
  if (argv.mode !== 'production') {
    // In development no serving process writes the live areas' routes into the page: the areas' sources stand in.
    const html = config.plugins.find((plugin) => plugin?.constructor.name === 'HtmlWebpackPlugin');
    html.userOptions.templateParameters = { portalConfig: JSON.stringify({ routes: buildTimeRoutes() }) };
  }
  return config;
};
