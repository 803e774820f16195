// scanviz app page: what the window's sidebar offers, computed in the browser. The fields make
// a run (core/run/spec_text.hpp reads them, as `scanviz trace` reads its options); the core
// (WebAssembly, core.js) runs it through the Runner (the recording's trace where it holds the
// input, else the reference model) and returns the page data scanviz.js draws. A field that
// does not parse gets the core's one line, and no picture. The address keeps the run, the step
// and the clicked cell; the work-and-span charts are the window's (model, all ones, 32..4096).
(function () {
  'use strict';

  function $(id) { return document.getElementById(id); }
  var core = null, variants = [], byId = {}, curveCache = {}, picked = {};
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
    $('desc').textContent = v.description.replace(/\.?$/, '. ') + 'Accepts ' + v.accepts + '.';
  }

  function request() {
    var f = fields(), q = { fn: 'page', variant: f.variant, op: f.op, type: f.type, exclusive: f.mode === 'exclusive' };
    function whole(name, text) {
      if (!/^\d+$/.test(text)) throw new Error(name + " '" + text + "' is not a whole number");
      return parseInt(text, 10);
    }
    // Typed values set n to their count, as `scanviz trace --input` does without --n.
    if (f.n !== '' && f.fill !== 'typed') q.n = whole('n', f.n);
    if (f.threads !== '') q.threads = whole('threads', f.threads);
    q.items = parseInt(f.items, 10) || 0;
    if (f.fill === 'typed') {
      if (!f.input) throw new Error('values: type the input values (3,1,4,1,5), or pick random, ones or ramp');
      q.input = f.input;
    } else {
      q.fill = f.fill;
      if (f.fill === 'random') q.seed = whole('seed', f.seed);
    }
    if (!byId[f.variant].segmented && f.heads) throw new Error('heads: only the segmented scan has segment heads');
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
    $('step-label').textContent = 'nothing to show: ' + message;
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
    $('spec').textContent = 'n = ' + s.n + ', ' + s.op + ', ' + s.type + ', ' + (s.exclusive ? 'exclusive' : 'inclusive') +
      ', ' + s.threads + (s.threads === 1 ? ' thread' : ' threads') + (s.blocks > 1 ? ' x ' + s.blocks + ' blocks' : '') +
      (byId[data.variant.id] && byId[data.variant.id].items ? ', ' + s.items_per_thread + ' items per thread' : '');
    $('badge').textContent = data.badge.text;
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
  var SVG_NS = 'http://www.w3.org/2000/svg';
  var COLOURS = ['#1e50c8', '#c83c1e', '#0a8a3a', '#9a3cc8', '#c8961e', '#1ea0a0', '#c81e8c', '#5a5a5a'];
  function svgEl(name, attrs, parent) {
    var e = document.createElementNS(SVG_NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function chart(box, work, curves) {
    var W = 460, H = 260, L = 48, R = 10, T = 22, B = 26, x0 = 5, x1 = 12;  // log2 n from 32 to 4096
    var ref1 = function (n) { return work ? n * Math.log2(n) : Math.log2(n); };
    var ref2 = function (n) { return work ? 2 * n : 2 * Math.log2(n); };
    var ymax = Math.max(ref1(4096), ref2(4096)), ymin = Math.min(ref1(32), ref2(32));
    curves.forEach(function (c) { c.points.forEach(function (p) {
      var v = work ? p.work : p.span;
      if (v > 0) { ymax = Math.max(ymax, v); ymin = Math.min(ymin, v); }
    }); });
    var ly0 = Math.floor(Math.log10(Math.max(ymin, 1))), ly1 = Math.ceil(Math.log10(ymax));
    var X = function (n) { return L + (Math.log2(n) - x0) / (x1 - x0) * (W - L - R); };
    var Y = function (v) { return H - B - (Math.log10(Math.max(v, 1e-9)) - ly0) / Math.max(ly1 - ly0, 1e-9) * (H - T - B); };
    var svg = svgEl('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, role: 'img',
      'aria-label': work ? 'work against n' : 'span against n', 'font-size': 11, 'font-family': 'DejaVu Sans, sans-serif' });
    svgEl('text', { x: 2, y: 13, 'font-weight': 'bold' }, svg).textContent =
      work ? 'work (operator applications) against n' : 'span (longest chain) against n';
    for (var e = ly0; e <= ly1; ++e) {
      svgEl('line', { x1: L, x2: W - R, y1: Y(Math.pow(10, e)), y2: Y(Math.pow(10, e)), stroke: '#dde' }, svg);
      svgEl('text', { x: 2, y: Y(Math.pow(10, e)) + 4 }, svg).textContent = String(Math.pow(10, e));
    }
    for (var n = 32; n <= 4096; n *= 2) {
      svgEl('line', { x1: X(n), x2: X(n), y1: T, y2: H - B, stroke: '#dde' }, svg);
      svgEl('text', { x: X(n), y: H - 8, 'text-anchor': 'middle' }, svg).textContent = String(n);
    }
    svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, fill: 'none', stroke: '#889' }, svg);
    [[ref1, work ? 'n log2 n' : 'log2 n'], [ref2, work ? '2n' : '2 log2 n']].forEach(function (r) {
      var d = '';
      for (var i = 0; i <= 48; ++i) {
        var m = Math.pow(2, x0 + (x1 - x0) * i / 48);
        d += (i ? 'L' : 'M') + X(m).toFixed(1) + ',' + Y(r[0](m)).toFixed(1);
      }
      svgEl('path', { d: d, fill: 'none', stroke: '#888', 'stroke-dasharray': '5 4', 'class': 'guide' }, svg);
      svgEl('text', { x: W - R - 2, y: Y(r[0](4096)) - 4, 'text-anchor': 'end', fill: '#666' }, svg).textContent = r[1];
    });
    curves.forEach(function (c, ci) {
      var colour = COLOURS[ci % COLOURS.length], d = '';
      c.points.forEach(function (p, i) {
        var v = work ? p.work : p.span;
        d += (i ? 'L' : 'M') + X(p.n).toFixed(1) + ',' + Y(v).toFixed(1);
        svgEl('circle', { cx: X(p.n), cy: Y(v), r: 3, fill: colour, 'data-n': p.n, 'data-value': v }, svg);
      });
      svgEl('path', { d: d, fill: 'none', stroke: colour, 'stroke-width': 2, 'data-variant': c.id }, svg);
      svgEl('text', { x: L + 6, y: T + 14 + 13 * ci, fill: colour }, svg).textContent = c.id;
    });
    box.textContent = '';
    box.appendChild(svg);
  }
  function drawCurves() {
    var ids = variants.filter(function (v) { return v.level !== 'warp' && picked[v.id]; }).map(function (v) { return v.id; });
    var missing = ids.filter(function (id) { return !curveCache[id]; });
    if (missing.length) core.call({ fn: 'curves', variants: missing }).forEach(function (c) { curveCache[c.id] = c; });
    Array.prototype.forEach.call(document.querySelectorAll('#curve-picks input'), function (b) {
      b.checked = !!picked[b.value];
    });
    var curves = ids.map(function (id) { return curveCache[id]; }).filter(function (c) { return c.points.length; });
    chart($('chart-work'), true, curves);
    chart($('chart-span'), false, curves);
  }

  // ---- start ----------------------------------------------------------------------------------
  function start(c) {
    core = c;
    variants = core.call({ fn: 'variants' });
    var select = $('f-variant'), groups = {};
    variants.forEach(function (v) {
      byId[v.id] = v;
      if (!groups[v.level]) {
        groups[v.level] = document.createElement('optgroup');
        groups[v.level].label = v.level + ' level';
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
    fail('scanviz could not start in this browser: ' + err.message);
    document.body.setAttribute('data-ready', '1');
  });
})();
