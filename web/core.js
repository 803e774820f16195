// scanviz in the browser: the core compiled to WebAssembly (scanviz_core.js, app/wasm) and the
// site's recording (site_data.js), opened once per page. Plain JavaScript, no libraries; works
// from file:// (the module is inlined in scanviz_core.js, the data is a script: nothing is fetched).
//   scanvizCore.ready -> Promise of { call(request) -> result (throws Error(one line)), badge }
(function () {
  'use strict';

  function base64Bytes(text) {
    var bin = atob(text), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; ++i) out[i] = bin.charCodeAt(i);
    return out;
  }
  // The recording is gzipped for the way; the browser's own inflater opens it (CRC checked).
  function gunzip(bytes) {
    if (typeof DecompressionStream === 'undefined')
      return Promise.reject(new Error('this browser cannot inflate the recording (no DecompressionStream)'));
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }

  function answer(M, ptr) {
    var reply = JSON.parse(M.UTF8ToString(ptr));
    if (!reply.ok) throw new Error(reply.error);
    return reply.result;
  }

  function open() {
    if (typeof ScanvizCore !== 'function')
      return Promise.reject(new Error('scanviz_core.js did not load: the WebAssembly module is missing'));
    var site = window.SCANVIZ_SITE || {};
    var timing = window.scanvizTiming = window.scanvizTiming || {};
    var t0 = performance.now();
    return ScanvizCore().then(function (M) {
      timing.module_ms = performance.now() - t0;
      // Where the time goes, summed over calls: in the module, and reading its answer.
      timing.in_module_ms = 0;
      timing.parsing_ms = 0;
      function call(request) {
        var text = JSON.stringify(request), size = M.lengthBytesUTF8(text) + 1, p = M._malloc(size);
        try {
          M.stringToUTF8(text, p, size);
          var t0 = performance.now(), reply = M._sv_call(p), t1 = performance.now();
          try {
            return answer(M, reply);
          } finally {
            timing.in_module_ms += t1 - t0;
            timing.parsing_ms += performance.now() - t1;
          }
        } finally {
          M._free(p);
        }
      }
      // Page data ({"fn": "page"} or a lesson's traces) asks for its state scenes one step at a
      // time, and for the diagram's views (a window of columns and the overview strip): figures
      // the module keeps, each drawn as SVG by the core's writer, the part in view as it scrolls.
      function attach(data) {
        if (data && data.handle) {
          data.stateOf = function (k, slot) { return call({ fn: 'state', handle: data.handle, step: k, cell: slot }); };
          data.viewOf = function (q) { return call(Object.assign({ fn: 'view', handle: data.handle }, q)); };
          data.svgOf = function (q) { return call(Object.assign({ fn: 'svg' }, q)); };
        }
        return data;
      }
      var core = { call: call, attach: attach, module: M, badge: '', recording: null };
      // The module writes its words (the pictures' titles, step labels) in the page's language.
      if (window.scanvizI18n && window.scanvizI18n.lang === 'zh') call({ fn: 'language', lang: 'zh' });
      // The figures lessons quote besides traces: SASS counts, bench, Nsight Compute's profile
      // table and the race lab's table (lesson_context in app/core/publish/lesson_page.cpp).
      if (site.context) call(Object.assign({ fn: 'context' }, site.context));
      if (!site.recording_gz) return core;
      var t1 = performance.now();
      return gunzip(base64Bytes(site.recording_gz)).then(function (bytes) {
        timing.inflate_ms = performance.now() - t1;
        var t2 = performance.now();
        var p = M._malloc(bytes.length);
        try {
          M.HEAPU8.set(bytes, p);
          core.recording = answer(M, M._sv_load_recording(p, bytes.length));
          core.badge = core.recording.badge;
        } finally {
          M._free(p);
        }
        timing.recording_ms = performance.now() - t2;
        return core;
      });
    });
  }

  var ready = null;
  window.scanvizCore = {
    get ready() { if (!ready) ready = open(); return ready; }
  };
})();
