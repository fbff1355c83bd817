// orval 8 calls Map.groupBy / Object.groupBy, which arrived in Node 21; our machines run Node 20.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyFn) {
    const map = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyFn(item, index++);
      const bucket = map.get(key);
      if (bucket) bucket.push(item);
      else map.set(key, [item]);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyFn) {
    const out = Object.create(null);
    let index = 0;
    for (const item of items) {
      const key = keyFn(item, index++);
      (out[key] ??= []).push(item);
    }
    return out;
  };
}
