// The development server's half of the standalone host (`npm start -w mfe-billing`): the area's own address, and
// whether the API it calls is up. webpack-config's dev server uses it for every remote.
const DEFAULT_API_URL = 'http://localhost:4000';

/**
 * The remote's page to open, from the routes its build declares (webpack-config reads its `src/routes.ts`): /login
 * for the auth area, else its first route without a parameter.
 * @param {{ path: string }[]} routes
 */
function areaPath(routes = []) {
  const own = routes.filter((route) => !route.path.includes(':'));
  return (own.find((route) => route.path === '/login') ?? own[0])?.path ?? '/';
}

/** Any answer at all means the API is running; only no answer means it is not. */
async function apiAnswers(apiUrl) {
  try {
    await fetch(new URL('/health', apiUrl), { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** How to start the API, said the same way on the console and in the page. */
function apiDownMessage(apiUrl) {
  return `The API is not running at ${apiUrl}: start it with \`npm run api\` in another terminal. The page carries on by itself once it answers.`;
}

/**
 * Dev-server options for a remote run alone: `/` goes to the area's page, and once listening the server prints that
 * page's address (not the empty `/`), and how to start the API when it does not answer. A port already taken (most
 * often by the running portal, `npm start`, which serves the area's release there) stops it with one sentence saying
 * what to do, instead of a stack trace.
 * @param {{ name: string, dir: string, routes?: { path: string }[], apiUrl?: string }} options
 */
function standaloneDevServer({ name, dir, routes, apiUrl = process.env.PORTAL_API_URL || DEFAULT_API_URL }) {
  const area = areaPath(routes);
  return {
    setupMiddlewares(middlewares, devServer) {
      // Before the dev server's own listener, which throws.
      devServer.server?.prependOnceListener('error', (error) => {
        if (error.code !== 'EADDRINUSE') throw error;
        console.error(
          `\n  Port ${devServer.options.port} is taken, most likely by the running portal (npm start), which serves the ${name} area's release there: stop it, or run the area alone on a free port with \`npm start -w ${dir} -- --port auto\`.\n`,
        );
        process.exit(1);
      });
      middlewares.unshift({
        name: 'standalone-area-page',
        middleware(req, res, next) {
          if (req.method !== 'GET' || area === '/' || (req.url !== '/' && req.url !== '/index.html')) return next();
          res.writeHead(302, { Location: area });
          res.end();
        },
      });
      return middlewares;
    },
    onListening(devServer) {
      console.log(`\n  ${name} alone, in development: http://localhost:${devServer.server.address().port}${area}\n`);
      void apiAnswers(apiUrl).then((up) => {
        if (!up) console.warn(`  ${apiDownMessage(apiUrl)}\n`);
      });
    },
  };
}

module.exports = { standaloneDevServer };
