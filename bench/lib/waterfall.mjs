// Round-trip levels of a page load from Chrome's request initiators (CDP Network.requestWillBeSent).
//
// The document is level 1. A request's parents are the requests named by its initiator: the initiator URL and
// every script URL on its (async) initiator stack. A script-initiated request also depends on every fetch/XHR
// that had finished before it was sent (a federation manifest, an API answer the script was waiting for). Its
// level is one more than its deepest parent; a CORS preflight adds one level to the request it guards.

export function waterfallLevels(records) {
  const byUrl = new Map();
  for (const r of records) {
    if (!byUrl.has(r.url)) byUrl.set(r.url, []);
    byUrl.get(r.url).push(r);
  }
  const preflighted = new Set(records.filter((r) => r.preflightFor).map((r) => r.preflightFor));
  const memo = new Map();

  function parentFor(url, before) {
    const candidates = (byUrl.get(url) ?? []).filter((c) => !c.preflightFor);
    const done = candidates.filter((c) => c.end !== undefined && c.end <= before);
    return done.length ? done[done.length - 1] : candidates[0];
  }

  function level(r, seen = new Set()) {
    if (memo.has(r.id)) return memo.get(r.id);
    if (seen.has(r.id)) return 1;
    seen.add(r.id);
    let value;
    if (r.preflightFor) {
      const guarded = records.find((x) => x.id === r.preflightFor);
      value = guarded ? level(guarded, seen) - 1 : 1;
    } else if (r.type === 'Document') {
      value = 1;
    } else {
      const parents = new Set();
      for (const url of r.initiatorUrls) {
        const p = parentFor(url, r.start);
        if (p && p.id !== r.id) parents.add(p);
      }
      if (r.initiatorType === 'script') {
        for (const x of records) {
          if (
            (x.type === 'Fetch' || x.type === 'XHR') &&
            !x.preflightFor &&
            x.end !== undefined &&
            x.end <= r.start &&
            x.id !== r.id
          )
            parents.add(x);
        }
      }
      if (!parents.size) {
        const doc = records.find((x) => x.type === 'Document');
        if (doc && doc.id !== r.id) parents.add(doc);
      }
      value = 1 + Math.max(0, ...[...parents].map((p) => level(p, seen)));
      if (preflighted.has(r.id)) value += 1;
    }
    memo.set(r.id, value);
    return value;
  }

  return Math.max(0, ...records.map((r) => level(r)));
}

/** Every URL an initiator names, including async parent stacks. */
export function initiatorUrls(initiator) {
  const urls = new Set();
  if (initiator?.url) urls.add(initiator.url);
  for (let stack = initiator?.stack; stack; stack = stack.parent) {
    for (const frame of stack.callFrames ?? []) if (frame.url) urls.add(frame.url);
  }
  return [...urls];
}
