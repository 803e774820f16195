// scanviz app page: what the window's sidebar offers, computed in the browser. The fields make
// a run (core/run/spec_text.hpp reads them, as `scanviz trace` reads its options); the core
// (WebAssembly, core.js) runs it through the Runner (the recording's trace where it holds the
// input, else the reference model) and returns the page data scanviz.js draws. A field that
// does not parse gets the core's one line, and no picture. The address keeps the run, the step
// and the clicked cell; the work-and-span charts are the window's (model, all ones, 32..4096).
(function () {
  'use strict';
  var t = window.t;  // web/i18n.js

  function $(id) { return document.getElementById(id); }
  var core = null, variants = [], byId = {}, picked = {};
  var timing = window.scanvizTiming = window.scanvizTiming || {};
  var FIELDS = ['variant', 'n', 'threads', 'items', 'op', 'type', 'mode', 'fill', 'seed', 'input', 'heads'];

  // ---- the address: #variant=..&n=..&op=..&exclusive=1&fill=..|input=..&step=..&cell=..&at=.. ------
  function readHash() {
    var args = {};
    window.location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) args[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1));
    });
    return args;
  }
  function writeHash(step, sel) {
    var f = fields(), h = 'variant=' + f.variant;
    if (f.n !== '' && f.fill !== 'typed') h += '&n=' + f.n;
    if (f.threads !== '' && f.threads !== '0') h += '&threads=' + f.threads;
    if (f.items !== '0') h += '&items=' + f.items;
    h += '&op=' + f.op + '&type=' + f.type + (f.mode === 'exclusive' ? '&exclusive=1' : '');
    if (f.fill === 'typed') h += '&input=' + encodeURIComponent(f.input);
    else h += '&fill=' + f.fill + (f.fill === 'random' ? '&seed=' + f.seed : '');
    if (f.heads) h += '&heads=' + encodeURIComponent(f.heads);
    h += '&step=' + (step + 1);
    if (sel) h += '&cell=' + sel.slot + '&at=' + (sel.step + 1);
    if (window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + h);
  }

  function fields() {
    var f = {};
    FIELDS.forEach(function (k) { f[k] = $('f-' + k).value.trim(); });
    return f;
  }
  function setFields(args) {
    if (args.variant && byId[args.variant]) $('f-variant').value = args.variant;
    var v = byId[$('f-variant').value];
    $('f-n').value = args.n || v.default_n;
    $('f-threads').value = args.threads || '';
    $('f-items').value = args.items || '0';
    if (args.op) $('f-op').value = args.op;
    if (args.type) $('f-type').value = args.type;
    $('f-mode').value = args.exclusive === '1' ? 'exclusive' : 'inclusive';
    if (args.input !== undefined) { $('f-fill').value = 'typed'; $('f-input').value = args.input; }
    else if (args.fill) $('f-fill').value = args.fill;
    if (args.seed) $('f-seed').value = args.seed;
    $('f-heads').value = args.heads || '';
  }
  // Shows the fields that apply (the sidebar's rules): threads above warp level, items for
  // the CUB-style strategies, heads for the segmented scan, seed or typed values by fill.
  function showFields() {
    var v = byId[$('f-variant').value];
    $('l-threads').hidden = v.level === 'warp';
    $('l-items').hidden = !v.items;
    $('l-heads').hidden = !v.segmented;
    $('l-seed').hidden = $('f-fill').value !== 'random';
    $('l-input').hidden = $('f-fill').value !== 'typed';
    var sizes = $('f-sizes');
    sizes.textContent = '';
    v.sizes.forEach(function (n) { var o = document.createElement('option'); o.value = n; sizes.appendChild(o); });
    $('desc').textContent = v.description.replace(/\.?$/, '. ') + t('Accepts {what}.', { what: v.accepts });
  }

  function request() {
    var f = fields(), q = { fn: 'page', variant: f.variant, op: f.op, type: f.type, exclusive: f.mode === 'exclusive' };
    function whole(name, text) {
      if (!/^\d+$/.test(text)) throw new Error(t("{field} '{text}' is not a whole number", { field: name, text: text }));
      return parseInt(text, 10);
    }
    // Typed values set n to their count, as `scanviz trace --input` does without --n.
    if (f.n !== '' && f.fill !== 'typed') q.n = whole('n', f.n);
    if (f.threads !== '') q.threads = whole('threads', f.threads);
    q.items = parseInt(f.items, 10) || 0;
    if (f.fill === 'typed') {
      if (!f.input) throw new Error(t('values: type the input values (3,1,4,1,5), or pick random, ones or ramp'));
      q.input = f.input;
    } else {
      q.fill = f.fill;
      if (f.fill === 'random') q.seed = whole('seed', f.seed);
    }
    if (!byId[f.variant].segmented && f.heads) throw new Error(t('heads: only the segmented scan has segment heads'));
    if (f.heads) q.heads = f.heads;
    return q;
  }

  function fail(message) {
    var e = $('error');
    e.textContent = message;
    e.hidden = false;
    document.body.setAttribute('data-error', '1');
    // Never a picture of another run beside the message: the views are emptied.
    ['state', 'diagram', 'metrics'].forEach(function (id) { $(id).textContent = ''; });
    if ($('overview')) { $('overview').textContent = ''; $('overview').hidden = true; }
    $('step-label').textContent = t('nothing to show: {message}', { message: message });
    $('badge').textContent = '';
  }

  // Runs the fields' spec; keeps the step and cell when asked (the address on load).
  function run(step, sel) {
    var t0 = performance.now(), inModule = timing.in_module_ms, parsing = timing.parsing_ms, data;
    try {
      data = core.attach(core.call(request()));
    } catch (err) {
      fail(err.message);
      return false;
    }
    $('error').hidden = true;
    document.body.removeAttribute('data-error');
    $('title').textContent = data.variant.title;
    var s = data.spec;
    $('f-n').value = s.n;
    $('spec').textContent = 'n = ' + s.n + ', ' + s.op + ', ' + s.type + ', ' + (s.exclusive ? t('exclusive') : t('inclusive')) +
      ', ' + (s.threads === 1 ? t('{count} thread', { count: s.threads }) : t('{count} threads', { count: s.threads })) +
      (s.blocks > 1 ? ' ' + t('x {count} blocks', { count: s.blocks }) : '') +
      (byId[data.variant.id] && byId[data.variant.id].items ? ', ' + t('{count} items per thread', { count: s.items_per_thread }) : '');
    $('badge').textContent = window.scanvizI18n.badge(data.badge);
    $('badge').setAttribute('data-kind', data.badge.kind);
    var steps = data.steps.length;
    var k = step === undefined ? -1 : Math.max(-1, Math.min(steps - 1, step));
    var c = sel && sel[1] >= 0 && sel[1] < data.slots ? [Math.max(-1, Math.min(steps - 1, sel[0])), sel[1]] : null;
    window.scanviz.load(data, k, c);
    // Where the time went: in the module (the run, its page data, the diagram's first view and
    // the state scene), reading its answers, and the rest drawing; then the time until the
    // browser has painted it (the frame after, measured when it has been produced).
    var t1 = performance.now();
    timing.last_compute_ms = timing.in_module_ms - inModule;
    timing.last_parse_ms = timing.parsing_ms - parsing;
    timing.last_run_ms = t1 - t0;  // computed in the module and drawn
    timing.last_draw_ms = timing.last_run_ms - timing.last_compute_ms - timing.last_parse_ms;
    timing.last_painted_ms = null;
    window.requestAnimationFrame(function () {
      setTimeout(function () { timing.last_painted_ms = performance.now() - t0; }, 0);
    });
    picked[data.variant.id] = true;
    drawCurves();
    return true;
  }

  // ---- work and span against n ---------------------------------------------------------------
  // The two charts of the picked variants' curves, laid out and written as SVG by the core
  // (core/figure/work_span_chart.hpp, core/figure/svg.hpp; the curves from the models, made once).
  function drawCurves() {
    var ids = variants.filter(function (v) { return v.level !== 'warp' && picked[v.id]; }).map(function (v) { return v.id; });
    Array.prototype.forEach.call(document.querySelectorAll('#curve-picks input'), function (b) {
      b.checked = !!picked[b.value];
    });
    var charts = core.call({ fn: 'charts', variants: ids });
    $('chart-work').innerHTML = charts.work;
    $('chart-span').innerHTML = charts.span;
  }

  // ---- start ----------------------------------------------------------------------------------
  var LEVELS = { warp: t('warp level'), block: t('block level'), device: t('device level') };
  function start(c) {
    core = c;
    variants = core.call({ fn: 'variants' });
    var select = $('f-variant'), groups = {};
    variants.forEach(function (v) {
      byId[v.id] = v;
      if (!groups[v.level]) {
        groups[v.level] = document.createElement('optgroup');
        groups[v.level].label = LEVELS[v.level] || v.level + ' level';
        select.appendChild(groups[v.level]);
      }
      var o = document.createElement('option');
      o.value = v.id;
      o.textContent = v.title + ' (' + v.id + ')';
      groups[v.level].appendChild(o);
      if (v.level !== 'warp') {
        var label = document.createElement('label');
        var box = document.createElement('input');
        box.type = 'checkbox';
        box.value = v.id;
        box.addEventListener('change', function () { picked[v.id] = box.checked; drawCurves(); });
        label.appendChild(box);
        label.appendChild(document.createTextNode(' ' + v.id));
        $('curve-picks').appendChild(label);
        if (v.work_span_default) picked[v.id] = true;
      }
    });
    var args = readHash();
    setFields(args);
    showFields();
    window.scanviz.onView(writeHash);
    $('f-variant').addEventListener('change', function () {
      var v = byId[$('f-variant').value];
      if (v.sizes.indexOf(parseInt($('f-n').value, 10)) < 0) $('f-n').value = v.default_n;
      showFields();
      run();
    });
    ['f-fill'].forEach(function (id) { $(id).addEventListener('change', function () { showFields(); if ($('f-fill').value !== 'typed') run(); }); });
    ['f-op', 'f-type', 'f-mode', 'f-items'].forEach(function (id) { $(id).addEventListener('change', function () { run(); }); });
    $('run').addEventListener('submit', function (ev) { ev.preventDefault(); run(); });
    var step = /^\d+$/.test(args.step || '') ? parseInt(args.step, 10) - 1 : -1;
    var sel = /^\d+$/.test(args.cell || '') ? [/^\d+$/.test(args.at || '') ? parseInt(args.at, 10) - 1 : step,
      parseInt(args.cell, 10)] : null;
    run(step, sel);
    timing.since_navigation_ms = performance.now();
    document.body.setAttribute('data-ready', '1');
  }

  window.scanvizCore.ready.then(start, function (err) {
    fail(t('scanviz could not start in this browser: {error}', { error: err.message }));
    document.body.setAttribute('data-ready', '1');
  });
})();
