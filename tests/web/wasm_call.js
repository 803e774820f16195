// Runs requests through the WebAssembly core under Node: node wasm_call.js scanviz_core.js REQUESTS.json
// prints a JSON array of the answers ({"ok", "result" | "error"}), one per request, in order.
// A request {"fn": "load_recording", "path": FILE} opens an uncompressed recording first.
'use strict';
const fs = require('fs');
const path = require('path');
const ScanvizCore = require(path.resolve(process.argv[2]));
const requests = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

ScanvizCore().then((M) => {
  const call = (request) => {
    const text = JSON.stringify(request);
    const size = M.lengthBytesUTF8(text) + 1;
    const p = M._malloc(size);
    M.stringToUTF8(text, p, size);
    const answer = JSON.parse(M.UTF8ToString(M._sv_call(p)));
    M._free(p);
    return answer;
  };
  const out = requests.map((r) => {
    if (r.fn !== 'load_recording') return call(r);
    const bytes = fs.readFileSync(r.path);
    const p = M._malloc(bytes.length);
    M.HEAPU8.set(bytes, p);
    const answer = JSON.parse(M.UTF8ToString(M._sv_load_recording(p, bytes.length)));
    M._free(p);
    return answer;
  });
  process.stdout.write(JSON.stringify(out));
});
