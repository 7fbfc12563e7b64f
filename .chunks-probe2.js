const webpack = require('webpack');
const path = require('path');
const cfg = require(path.resolve('webpack.config.js'));
const c = (typeof cfg === 'function' ? cfg({}, { mode: 'production' }) : cfg);
c.output.path = '/tmp/chunks-out/' + path.basename(process.cwd());
const want = process.argv[2];
webpack(c, (err, stats) => {
  const j = stats.toJson({ all: false, chunks: true, chunkModules: true, nestedModules: true, ids: true });
  for (const ch of j.chunks) {
    if (String(ch.id) !== want && !ch.files.includes(want)) continue;
    for (const m of ch.modules) {
      console.log(m.size, m.name, m.type, m.moduleType, Object.keys(m).join(','));
      for (const n of (m.modules || []).sort((a,b)=>b.size-a.size).slice(0,40)) console.log('    ', n.size, String(n.name).slice(0,140));
    }
  }
});
