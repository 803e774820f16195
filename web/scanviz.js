// scanviz published pages: steps through one trace. Plain JavaScript, no libraries, no
// build step. The app page (app.js) and the lesson pages (lesson.js) compute the trace's
// page data in the browser (app/wasm: app/core/publish/trace_page.hpp) and show it through
// window.scanviz.load; a page may also embed its data (id "scanviz-data"). The state
// scenes and the diagram scene come from the same C++ code as the window and its SVG
// export (core/figure/trace_scene.cpp); this script draws them with the rules of
// scene_to_svg (core/figure/svg.cpp) and restyles the diagram for the current step and
// the clicked cell as build_diagram_scene does.
(function () {
  'use strict';

  var SVG_NS = 'http://www.w3.org/2000/svg';
  var D = null, S = null, nSteps = 0;  // the trace shown: its page data, style and number of steps
  var keepHash = false;                // a trace page keeps the step and cell in the address
  var onView = null;                   // the app page's hook: called with the step and cell on every change

  // What is on screen: the step (-1 = initial state), the clicked cell, playing.
  var view = { step: -1, sel: null, playing: false, speed: 2, timer: null };

  // ---- colours: packed like IM_COL32, red in the low byte --------------------------
  function hex2(v) { return (v < 16 ? '0' : '') + v.toString(16); }
  function rgb(c) { return '#' + hex2(c & 255) + hex2((c >>> 8) & 255) + hex2((c >>> 16) & 255); }
  function opacity(c) { return ((c >>> 24) & 255) / 255; }
  function num(v) { return String(Math.round(v * 100) / 100); }

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG_NS, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function setFill(e, c) {
    e.setAttribute('fill', rgb(c));
    if (opacity(c) < 1) e.setAttribute('fill-opacity', num(opacity(c))); else e.removeAttribute('fill-opacity');
  }
  function setStroke(e, c, width) {
    if (width > 0) {
      e.setAttribute('stroke', rgb(c));
      e.setAttribute('stroke-width', num(width));
      if (opacity(c) < 1) e.setAttribute('stroke-opacity', num(opacity(c)));
      else e.removeAttribute('stroke-opacity');
    } else {
      e.removeAttribute('stroke');
    }
  }

  // ---- one scene as SVG: nodes, then edges, then labels (as scene_to_svg) ---------
  var NODE = 10, EDGE = 7, LABEL = 7;  // numbers per node, edge, label (core/figure/figure_json.hpp)

  // The SVG is written as one piece of markup and parsed once (a 2048-element diagram has
  // some 20000 elements: made one by one through the DOM they took a second to draw).
  // `extra` are more edges [x0, y0, x1, y1, colour (unpacked), width_px, head_px], drawn
  // after the scene's own (the diagram's graph edges).
  function Figure(container, scene, extra) {
    this.container = container;
    this.scene = scene;
    this.pal = scene.palette;
    this.zoom = 0;  // 0 = fit the width
    this.markers = {};
    this.markerMarkup = [];
    var pal = this.pal, out = [], i, a, n, e, l;
    for (a = scene.nodes, i = 0; i < a.length; i += NODE) {
      // n = [x, y, w, h, fill, border, border_px, step, slot, radius]
      n = a.slice(i, i + NODE);
      out.push('<rect x="' + num(n[0]) + '" y="' + num(n[1]) + '" width="' + num(n[2]) + '" height="' + num(n[3]) +
        '" rx="' + num(n[9] * Math.min(n[2], n[3])) + '"' + fillAttrs(pal[n[4]]) + strokeAttrs(pal[n[5]], n[6]) +
        (n[8] >= 0 ? ' data-step="' + n[7] + '" data-slot="' + n[8] + '"' : '') + '/>');
    }
    var nodesMarkup = out.join('');
    out = [];
    for (a = scene.edges, i = 0; i < a.length; i += EDGE) {
      e = a.slice(i, i + EDGE);  // [x0, y0, x1, y1, colour, width_px, head_px]
      out.push(this.edgeMarkup(e[0], e[1], e[2], e[3], pal[e[4]], e[5], e[6]));
    }
    for (i = 0; extra && i < extra.length; ++i) {
      e = extra[i];
      out.push(this.edgeMarkup(e[0], e[1], e[2], e[3], e[4], e[5], e[6]));
    }
    var edgesMarkup = out.join('');
    out = [];
    for (a = scene.labels, i = 0; i < a.length; i += LABEL) {
      l = a.slice(i, i + LABEL);  // [x, y, text, colour, size, centered, slot]; SVG places text by its baseline
      var y = l[5] ? l[1] + l[4] * 0.36 : l[1] + l[4] * 0.76;
      out.push('<text x="' + num(l[0]) + '" y="' + num(y) + '" font-size="' + num(l[4]) + '"' + fillAttrs(pal[l[3]]) +
        (l[5] ? ' text-anchor="middle"' : '') + (l[6] >= 0 ? ' data-slot="' + l[6] + '" class="value"' : '') + '>' +
        escapeText(l[2]) + '</text>');
    }
    container.innerHTML = '<svg xmlns="' + SVG_NS + '" viewBox="0 0 ' + num(scene.w) + ' ' + num(scene.h) +
      '" role="img"><defs>' + this.markerMarkup.join('') + '</defs><rect x="0" y="0" width="' + num(scene.w) +
      '" height="' + num(scene.h) + '" fill="' + rgb(scene.bg) + '"/><g class="nodes">' + nodesMarkup +
      // Edges and labels lie over the cells; clicks go through them to the cell.
      '</g><g class="edges" stroke-linecap="round" pointer-events="none">' + edgesMarkup +
      '</g><g class="labels" font-family="DejaVu Sans, sans-serif" pointer-events="none">' + out.join('') + '</g></svg>';
    this.svg = container.firstChild;
    this.defs = this.svg.firstChild;
    this.gNodes = this.svg.childNodes[2];
    this.gEdges = this.svg.childNodes[3];
    this.gLabels = this.svg.childNodes[4];
    this.nodes = Array.prototype.slice.call(this.gNodes.childNodes);
    this.edges = Array.prototype.slice.call(this.gEdges.childNodes);
    this.labels = Array.prototype.slice.call(this.gLabels.childNodes);
    this.layout();
  }
  function escapeText(t) { return String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
  function fillAttrs(c) { return ' fill="' + rgb(c) + '"' + (opacity(c) < 1 ? ' fill-opacity="' + num(opacity(c)) + '"' : ''); }
  function strokeAttrs(c, width) {
    return width > 0 ? ' stroke="' + rgb(c) + '" stroke-width="' + num(width) + '"' +
      (opacity(c) < 1 ? ' stroke-opacity="' + num(opacity(c)) + '"' : '') : '';
  }
  Figure.prototype.edgeMarkup = function (x0, y0, x1, y1, c, width, head) {
    return '<line x1="' + num(x0) + '" y1="' + num(y0) + '" x2="' + num(x1) + '" y2="' + num(y1) + '" stroke="' + rgb(c) +
      '" stroke-width="' + num(width) + '"' + (opacity(c) < 1 ? ' stroke-opacity="' + num(opacity(c)) + '"' : '') +
      (head > 0 ? ' marker-end="' + this.marker(c, head) + '"' : '') + '/>';
  };
  // Node i of the scene as [x, y, w, h, fill, border, border_px, step, slot, radius], colours unpacked.
  Figure.prototype.node = function (i) {
    var n = this.scene.nodes.slice(i * NODE, (i + 1) * NODE);
    n[4] = this.pal[n[4]];
    n[5] = this.pal[n[5]];
    return n;
  };
  Figure.prototype.marker = function (c, head) {
    var key = c + ':' + Math.round(head * 4);
    if (this.markers[key]) return this.markers[key];
    var id = 'm' + this.container.id + Object.keys(this.markers).length;
    var len = Math.round(head * 4) / 4, half = len * 0.45;
    if (!this.defs) {  // still writing the markup
      this.markerMarkup.push('<marker id="' + id + '" markerUnits="userSpaceOnUse" markerWidth="' + num(len) +
        '" markerHeight="' + num(2 * half) + '" refX="' + num(len) + '" refY="' + num(half) + '" orient="auto"><path d="M0,0 L' +
        num(len) + ',' + num(half) + ' L0,' + num(2 * half) + ' z" fill="' + rgb(c) + '" fill-opacity="' + num(opacity(c)) +
        '"/></marker>');
      this.markers[key] = 'url(#' + id + ')';
      return this.markers[key];
    }
    var m = el('marker', { id: id, markerUnits: 'userSpaceOnUse', markerWidth: num(len),
      markerHeight: num(2 * half), refX: num(len), refY: num(half), orient: 'auto' }, this.defs);
    var p = el('path', { d: 'M0,0 L' + num(len) + ',' + num(half) + ' L0,' + num(2 * half) + ' z' }, m);
    setFill(p, c);
    p.setAttribute('fill-opacity', num(opacity(c)));
    this.markers[key] = 'url(#' + id + ')';
    return this.markers[key];
  };
  Figure.prototype.styleEdge = function (line, c, width, head) {
    line.setAttribute('stroke', rgb(c));
    line.setAttribute('stroke-width', num(width));
    if (opacity(c) < 1) line.setAttribute('stroke-opacity', num(opacity(c)));
    else line.removeAttribute('stroke-opacity');
    if (head > 0) line.setAttribute('marker-end', this.marker(c, head));
  };
  // Width in CSS pixels: fit the container, or the zoom factor times the scene's size;
  // never below the style's legible scale (values stay readable: the box scrolls instead).
  Figure.prototype.legible = function () { return (S && S.legible_zoom) || 0.3; };
  Figure.prototype.layout = function () {
    var avail = Math.max(200, this.container.clientWidth - 2);
    var fit = Math.min(1.4, avail / this.scene.w);
    var scale = Math.max(this.zoom > 0 ? this.zoom : fit, this.legible());
    this.svg.setAttribute('width', num(this.scene.w * scale));
    this.svg.setAttribute('height', num(this.scene.h * scale));
    this.scale = scale;
  };
  Figure.prototype.zoomBy = function (f) {
    if (f === 0) this.zoom = 0; else this.zoom = Math.min(6, Math.max(this.legible(), (this.zoom || this.scale) * f));
    this.layout();
  };

  // ---- the dependency graph, from the diagram data ---------------------------------
  var G, nNodes, gNodes, links, inEdges, outEdges, bySlot;
  function buildGraph() {
    G = D.diagram;
    nNodes = G.scene.nodes.length / NODE;  // node id = index (see trace_page.hpp)
    gNodes = [];
    links = [];  // [from, to, colour] per graph edge
    inEdges = []; outEdges = []; bySlot = {};
    var i, a = G.scene.nodes;
    for (i = 0; i < nNodes; ++i) {
      gNodes.push([a[i * NODE], a[i * NODE + 1], a[i * NODE + 2], a[i * NODE + 3], G.scene.palette[a[i * NODE + 4]],
        G.scene.palette[a[i * NODE + 5]], a[i * NODE + 6], a[i * NODE + 7], a[i * NODE + 8]]);
      inEdges.push([]);
      outEdges.push([]);
    }
    // Runs of graph edges: [count, from, dfrom, to, dto, colour] (trace_page.hpp).
    var L = G.links;
    for (i = 0; i + 5 < L.length; i += 6) {
      for (var k = 0; k < L[i]; ++k) {
        var j = links.length, from = L[i + 1] + k * L[i + 2], to = L[i + 3] + k * L[i + 4];
        links.push([from, to, G.scene.palette[L[i + 5]]]);
        outEdges[from].push(j);
        inEdges[to].push(j);
      }
    }
    // Versions are the value nodes (a pass-through repeats the value above it).
    var values = G.value_nodes >= 0 ? G.value_nodes : nNodes;
    for (i = 0; i < values; ++i) {
      var slot = gNodes[i][8];
      (bySlot[slot] = bySlot[slot] || []).push(i);
    }
    for (var s in bySlot) bySlot[s].sort(function (p, q) { return gNodes[p][7] - gNodes[q][7]; });
  }
  // Node of the value `slot` holds after `step` (DependencyGraph::version_at).
  function versionAt(step, slot) {
    var list = bySlot[slot], found = -1;
    if (!list) return -1;
    for (var i = 0; i < list.length && gNodes[list[i]][7] <= step; ++i) found = list[i];
    return found;
  }
  function walk(start, forward) {
    var seen = {}, stack = [start], out = [];
    seen[start] = true;
    while (stack.length) {
      var n = stack.pop();
      out.push(n);
      var list = forward ? outEdges[n] : inEdges[n];
      for (var i = 0; i < list.length; ++i) {
        var next = links[list[i]][forward ? 1 : 0];
        if (!seen[next]) { seen[next] = true; stack.push(next); }
      }
    }
    return out;
  }

  // ---- views -------------------------------------------------------------------------
  var stateBox = document.getElementById('state');
  var diagramBox = document.getElementById('diagram');
  var stateFig = null, diagram = null, band = null;
  function buildDiagram() {
    var zoom = diagram ? diagram.zoom : 0;
    // Graph edge j, as build_diagram_scene draws it: from the bottom centre of the value
    // read to the top centre of the value written.
    var extra = links.map(function (l) {
      var a = gNodes[l[0]], b = gNodes[l[1]];
      return [a[0] + a[2] / 2, a[1] + a[3], b[0] + b[2] / 2, b[1], l[2], S.edge_px, (l[2] >>> 24) ? S.head_px : 0];
    });
    diagram = new Figure(diagramBox, G.scene, extra);
    diagram.zoom = zoom;
    diagram.layout();
    band = el('rect', { 'class': 'band' }, null);
    setFill(band, S.current_row);
    diagram.gNodes.insertBefore(band, diagram.gNodes.firstChild);
    edgesKey = '';  // drawn with no selection
    edgesLifted = false;
    shown = [];
  }

  // The state scene after step k: in the data, or asked of the page's source (D.stateOf, the
  // WebAssembly module) when it is shown, and kept.
  function stateScene(k) {
    if (D.state) return D.state[k + 1];
    D.stateCache = D.stateCache || {};
    if (!D.stateCache[k]) D.stateCache[k] = D.stateOf(k);
    return D.stateCache[k];
  }

  function drawState() {
    var zoom = stateFig ? stateFig.zoom : 0;
    stateFig = new Figure(stateBox, stateScene(view.step));
    stateFig.zoom = zoom;
    stateFig.layout();
    if (view.sel) {
      for (var i = 0; i < stateFig.nodes.length; ++i)
        if (stateFig.scene.nodes[i * NODE + 8] === view.sel.slot)
          setStroke(stateFig.nodes[i], S.selected_border, S.border_px * 3);
    }
  }

  // Restyles the diagram for the current step and selection (build_diagram_scene's rules).
  var edgesKey = null, edgesLifted = false, shown = [];
  function drawDiagram() {
    var b = G.bands[view.step + 1];
    band.setAttribute('x', num(b[0])); band.setAttribute('y', num(b[1]));
    band.setAttribute('width', num(b[2])); band.setAttribute('height', num(b[3]));
    for (var k = 0; k < G.row_labels; ++k) setFill(diagram.labels[k], k - 1 === view.step ? S.text : S.muted_text);

    var lit = new Array(gNodes.length), selected = -1, i;
    if (view.sel) {
      selected = versionAt(view.sel.step, view.sel.slot);
      if (selected >= 0) {
        walk(selected, false).forEach(function (id) { lit[id] = 1; });
        walk(selected, true).forEach(function (id) { lit[id] = 2; });
        lit[selected] = 3;
      }
    }
    for (i = 0; i < gNodes.length; ++i) {
      var n = gNodes[i], fill = n[4], border = n[5], bpx = n[6];
      var value = !(G.value_nodes >= 0) || i < G.value_nodes;  // else a pass-through (trace_page.cpp)
      if (value && n[7] === view.step && n[7] >= 0) { fill = S.written_fill; border = S.written_border; }
      if (lit[i] === 1) fill = S.cone_fill;
      if (lit[i] === 2) fill = S.reach_fill;
      if (view.sel && n[7] === view.sel.step && n[8] === view.sel.slot) { border = S.selected_border; bpx = S.border_px * 3; }
      // Only what changed since the last drawing is written (stepping a 2048-element run stays quick).
      var key = fill + ':' + border + ':' + bpx + ':' + (lit[i] || 0), was = shown[i];
      if (was === key || (was === undefined && fill === n[4] && border === n[5] && bpx === n[6] && !lit[i])) {
        shown[i] = key;
        continue;
      }
      shown[i] = key;
      setFill(diagram.nodes[i], fill);
      setStroke(diagram.nodes[i], border, bpx);
      diagram.nodes[i].setAttribute('class', lit[i] === 1 ? 'cone' : lit[i] === 2 ? 'reach' : lit[i] === 3 ? 'selected' : '');
    }
    // Edges change only with the selection.
    var key = view.sel ? view.sel.step + ':' + view.sel.slot : '';
    if (key !== edgesKey) {
      edgesKey = key;
      var litEdges = [];
      for (i = 0; i < links.length; ++i) {
        var from = lit[links[i][0]], to = lit[links[i][1]];
        var colour = links[i][2], width = S.edge_px;
        if (selected >= 0) {
          var inCone = from === 1 && (to === 1 || to === 3);
          var inReach = (from === 2 || from === 3) && to === 2;
          if (inCone || inReach) {
            colour = inCone ? S.edge_lit : S.reach_fill;
            width = S.edge_px * 2;
            litEdges.push(diagram.edges[i]);
          } else if (colour >>> 24) {  // a pass-through's link stays unseen unless lit
            colour = S.edge_dim;
          }
        }
        diagram.styleEdge(diagram.edges[i], colour, width, (links[i][2] >>> 24) ? S.head_px : 0);
      }
      // Lit edges on top, each group in graph order (as the window draws them).
      if (litEdges.length || edgesLifted) {
        for (i = 0; i < links.length; ++i) diagram.gEdges.appendChild(diagram.edges[i]);
        litEdges.forEach(function (l) { diagram.gEdges.appendChild(l); });
      }
      edgesLifted = litEdges.length > 0;
    }

    var line = document.getElementById('selection-line');
    var clear = document.getElementById('clear');
    if (view.sel && selected >= 0) {
      var cone = walk(selected, false), reach = walk(selected, true), inputs = 0, outputs = 0;
      cone.forEach(function (id) { if (gNodes[id][7] < 0) ++inputs; });
      var reachSet = {};
      reach.forEach(function (id) { reachSet[id] = true; });
      for (var s in bySlot) if (reachSet[versionAt(nSteps - 1, +s)]) ++outputs;
      var st = view.sel.step;
      line.textContent = 'slot ' + view.sel.slot + ' after ' + (st < 0 ? 'the start' : D.steps[st].label) + ' = ' +
        D.values[st + 1][view.sel.slot] + ': depends on ' + inputs + ' input' + (inputs === 1 ? '' : 's') +
        ', feeds ' + outputs + ' output' + (outputs === 1 ? '' : 's');
      line.setAttribute('data-cone', cone.length);
      clear.hidden = false;
    } else {
      line.textContent = 'click a cell: its dependency cone and reach light up';
      line.removeAttribute('data-cone');
      clear.hidden = true;
    }
  }

  function metric(name, value, id, warn) {
    return '<div><dt>' + name + '</dt><dd id="' + id + '"' + (warn ? ' class="warn"' : '') + '>' + value + '</dd></div>';
  }
  function drawMetrics() {
    var t = D.totals, html = '', k = view.step;
    var workSoFar = 0;
    for (var i = 0; i <= k; ++i) workSoFar += D.steps[i].work;
    if (k < 0) {
      html += metric('step', 'initial state', 'm-step');
      html += metric('work (whole run)', t.work + ' (sequential ' + t.sequential_work + ')', 'm-work');
      html += metric('span (whole run)', t.span, 'm-span');
      html += metric('bank conflicts (worst step)', t.max_conflict_degree > 1 ? t.max_conflict_degree + '-way' : 'none', 'm-banks', t.max_conflict_degree > 1);
    } else {
      var s = D.steps[k];
      html += metric('active threads', s.active + ' of ' + s.threads, 'm-active');
      html += metric('work this step', s.work + ' (' + workSoFar + ' of ' + t.work + ' so far)', 'm-work');
      html += metric('span so far', s.span_so_far + ' of ' + t.span, 'm-span');
      html += metric('bank conflicts', s.max_conflict_degree > 1 ? s.max_conflict_degree + '-way, ' + s.conflicted_groups +
        ' access' + (s.conflicted_groups === 1 ? '' : 'es') : (s.shared_reads + s.shared_writes > 0 ? 'none' : 'no shared access'),
        'm-banks', s.max_conflict_degree > 1);
      html += metric('shared reads / writes', s.shared_reads + ' / ' + s.shared_writes + ' (' + s.bank_cycles + ' bank cycles)', 'm-shared');
    }
    html += metric('steps', nSteps + ' (work ' + t.work + ', span ' + t.span + ')', 'm-totals');
    document.getElementById('metrics').innerHTML = html;
  }

  function drawStepLine() {
    var k = view.step;
    var label = document.getElementById('step-label');
    label.textContent = k < 0 ? 'initial state (step 0/' + nSteps + ')'
      : 'step ' + (k + 1) + '/' + nSteps + ': ' + D.steps[k].label + ' (ends at ' + D.steps[k].barrier + ')';
    label.setAttribute('data-step', k + 1);
    document.getElementById('phase').textContent = k < 0 ? '-' : D.steps[k].phase;
    document.getElementById('play').textContent = view.playing ? 'Pause' : 'Play';
  }

  function saveHash() {
    if (onView) onView(view.step, view.sel);
    if (!keepHash) return;
    var h = '#step=' + (view.step + 1);
    if (view.sel) h += '&cell=' + view.sel.slot + '&at=' + (view.sel.step + 1);
    if (window.history && window.history.replaceState) window.history.replaceState(null, '', h);
  }

  function render() {
    drawStepLine();
    drawMetrics();
    drawState();
    drawDiagram();
    saveHash();
  }

  // ---- stepping (the window's App::set_step, toggle_play, tick) ---------------------
  function setStep(k) {
    view.step = Math.max(-1, Math.min(nSteps - 1, k));
    render();
  }
  function stopTimer() { if (view.timer) { clearInterval(view.timer); view.timer = null; } }
  function startTimer() {
    stopTimer();
    view.timer = setInterval(function () {
      if (view.step >= nSteps - 1) { view.playing = false; stopTimer(); drawStepLine(); return; }
      setStep(view.step + 1);
    }, 1000 / view.speed);
  }
  function togglePlay() {
    if (!view.playing && view.step >= nSteps - 1) view.step = -1;  // play again from the start
    view.playing = !view.playing;
    if (view.playing) startTimer(); else stopTimer();
    render();
  }
  function select(step, slot) {
    if (view.sel && view.sel.step === step && view.sel.slot === slot) view.sel = null;
    else view.sel = { step: step, slot: slot };
    drawState();
    drawDiagram();
    saveHash();
  }

  // ---- input ---------------------------------------------------------------------------
  function onButton(id, fn) {
    document.getElementById(id).addEventListener('click', function (ev) {
      fn();
      ev.currentTarget.blur();  // Space belongs to play / pause, not to the focused button
    });
  }
  onButton('first', function () { setStep(-1); });
  onButton('back', function () { setStep(view.step - 1); });
  onButton('forward', function () { setStep(view.step + 1); });
  onButton('last', function () { setStep(nSteps - 1); });
  onButton('play', togglePlay);
  onButton('clear', function () { view.sel = null; drawState(); drawDiagram(); saveHash(); });
  // The keyboard's way to a cell: its number, then Enter (the cell as it is after the step shown).
  var cellField = document.getElementById('cell');
  if (cellField) cellField.addEventListener('keydown', function (ev) {
    if (ev.key !== 'Enter' || !D) return;
    ev.preventDefault();
    var slot = parseInt(cellField.value, 10);
    if (/^\d+$/.test(cellField.value.trim()) && slot < D.slots) {
      view.sel = null;
      select(view.step, slot);
    }
  });
  var speed = document.getElementById('speed');
  speed.addEventListener('input', function () {
    view.speed = parseFloat(speed.value) || 2;
    document.getElementById('speed-out').textContent = view.speed;
    if (view.playing) startTimer();
  });
  Array.prototype.forEach.call(document.querySelectorAll('button[data-zoom]'), function (b) {
    b.addEventListener('click', function () {
      var fig = b.getAttribute('data-zoom') === 'state' ? stateFig : diagram;
      fig.zoomBy(parseFloat(b.getAttribute('data-by')));
      b.blur();
    });
  });
  function onCellClick(ev) {
    var t = ev.target;
    if (!t || t.tagName !== 'rect' || !t.hasAttribute('data-slot')) return;
    select(parseInt(t.getAttribute('data-step'), 10), parseInt(t.getAttribute('data-slot'), 10));
  }
  stateBox.addEventListener('click', onCellClick);
  diagramBox.addEventListener('click', onCellClick);
  document.addEventListener('keydown', function (ev) {
    if (!D || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    var handled = true;
    switch (ev.key) {
      case ' ': case 'Spacebar': togglePlay(); break;
      case 'ArrowLeft': setStep(view.step - 1); break;
      case 'ArrowRight': setStep(view.step + 1); break;
      case 'Home': setStep(-1); break;
      case 'End': setStep(nSteps - 1); break;
      case '+': case '=': stateFig.zoomBy(1.25); diagram.zoomBy(1.25); break;
      case '-': stateFig.zoomBy(0.8); diagram.zoomBy(0.8); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });
  window.addEventListener('resize', function () { if (D) { stateFig.layout(); diagram.layout(); } });

  // Shows a trace: its page data, the step (-1 = initial state) and the selected cell [step, slot] or null.
  function load(data, step, sel) {
    view.playing = false;
    stopTimer();
    D = data;
    S = D.style;
    nSteps = D.steps.length;
    buildGraph();
    buildDiagram();
    view.step = Math.max(-1, Math.min(nSteps - 1, step));
    view.sel = sel ? { step: sel[0], slot: sel[1] } : null;
    render();
  }
  window.scanviz = {
    load: load,
    setStep: function (k) { setStep(k); },
    step: function () { return view.step; },
    selection: function () { return view.sel; },
    onView: function (fn) { onView = fn; }
  };

  // ---- start: the address may name a step and a cell (#step=3&cell=5&at=3) ----------
  var dataEl = document.getElementById('scanviz-data');
  if (!dataEl) return;  // a lesson page: lesson.js loads each step's trace
  keepHash = true;
  D = JSON.parse(dataEl.textContent);
  S = D.style;
  nSteps = D.steps.length;
  buildGraph();
  buildDiagram();
  (function () {
    var args = {};
    window.location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var p = kv.split('=');
      if (p.length === 2 && /^-?\d+$/.test(p[1])) args[p[0]] = parseInt(p[1], 10);
    });
    if ('step' in args) view.step = Math.max(-1, Math.min(nSteps - 1, args.step - 1));
    if ('cell' in args && args.cell >= 0 && args.cell < D.slots) {
      var at = 'at' in args ? Math.max(-1, Math.min(nSteps - 1, args.at - 1)) : view.step;
      view.sel = { step: at, slot: args.cell };
    }
  })();
  render();
  document.body.setAttribute('data-ready', '1');
})();
