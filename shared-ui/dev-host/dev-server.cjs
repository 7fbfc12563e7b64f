// The development server's half of the standalone host (`npm start -w mfe-billing`): the area's own address, and
// whether the API it calls is up. webpack-config's dev server uses it for every remote.
const DEFAULT_API_URL = 'http://localhost:4000';

/**
 * The remote's page to open, from shared-api's route module (TypeScript, loaded through tsx): /login for the auth
 * area, else its first route without a parameter.
 */
function areaPath(name) {
  try {
    const { areaRoutes } = require('tsx/cjs/api').require('shared-api/routes', __filename);
    const own = areaRoutes.filter((route) => route.remote === name && !route.path.includes(':'));
    return (own.find((route) => route.path === '/login') ?? own[0])?.path ?? '/';
  } catch {
    return '/';
  }
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
 * page's address (not the empty `/`), and how to start the API when it does not answer.
 * @param {{ name: string, port: number, apiUrl?: string }} options
 */
function standaloneDevServer({ name, port, apiUrl = process.env.PORTAL_API_URL || DEFAULT_API_URL }) {
  const area = areaPath(name);
  return {
    setupMiddlewares(middlewares) {
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
    onListening() {
      console.log(`\n  ${name} alone, in development: http://localhost:${port}${area}\n`);
      void apiAnswers(apiUrl).then((up) => {
        if (!up) console.warn(`  ${apiDownMessage(apiUrl)}\n`);
      });
    },
  };
}

module.exports = { standaloneDevServer, areaPath };
