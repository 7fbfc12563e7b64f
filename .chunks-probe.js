const webpack = require('webpack');
const zlib = require('zlib');
const fs = require('fs');
const path = require('path');
const cfg = require(path.resolve('webpack.config.js'));
const c = (typeof cfg === 'function' ? cfg({}, { mode: 'production' }) : cfg);
c.output.path = '/tmp/chunks-out/' + path.basename(process.cwd());
webpack(c, (err, stats) => {
  if (err) throw err;
  const j = stats.toJson({ all: false, chunks: true, chunkModules: true, assets: true, ids: true });
  for (const ch of j.chunks) {
    const files = ch.files.filter(f => f.endsWith('.js'));
    let gz = 0;
    for (const f of files) gz += zlib.gzipSync(fs.readFileSync(path.join(c.output.path, f)), { level: 9 }).length;
    const mods = (ch.modules || []).map(m => [m.size, String(m.name ?? m.identifier)]).sort((a, b) => b[0] - a[0]).slice(0, 6);
    console.log(`chunk ${ch.id} ${files.join(',')} gz=${gz} initial=${ch.initial}`);
    for (const [s, n] of mods) console.log(`     ${s} ${n.slice(0, 140)}`);
  }
});
