// scanviz published pages: steps through one trace. Plain JavaScript, no libraries, no
// build step. The app page (app.js) and the lesson pages (lesson.js) compute the trace's
// page data in the browser (app/wasm: app/core/publish/trace_page.hpp) and show it through
// window.scanviz.load. The state scenes and the diagram's views come from the same C++
// code as the window (core/figure/trace_scene.cpp), asked of the module when shown, and the
// module writes them as SVG with the window's SVG writer (core/figure/svg.hpp): this script
// writes no SVG. What a cell is (written, cone, reach, selected) is its class, which the
// writer takes from the cell's role in the scene: nothing here compares colours.
// As the window does, the diagram of a large run is a legible window of columns (for the
// step and the clicked cell) under an overview strip of the whole array: a click or a drag
// in the strip, or its keys, moves the window (publish::diagram_view).
(function () {
  'use strict';
  var t = window.t;  // web/i18n.js: the words in the page's language

  var D = null, S = null, nSteps = 0;  // the trace shown: its page data, style and number of steps
  var onView = null;                   // the app page's hook: called with the step and cell on every change
  var timing = window.scanvizTiming = window.scanvizTiming || {};

  // What is on screen: the step (-1 = initial state), the clicked cell, playing, and the start
  // of the diagram's window when the person moved it (-1: it follows the step and the cell).
  var view = { step: -1, sel: null, playing: false, speed: 2, timer: null, moved: -1 };

  // ---- one figure: a scene the module keeps ({figure, w, h}), drawn as its SVG ------------
  // A figure draws what is in view of its box, and a margin around it: the SVG is the whole
  // scene's size (the box scrolls over it, as the window's canvas pans over its scene), but
  // holds only the elements that lie in the view (the writer's clip). A diagram window of 256
  // columns has some 13000 cells and values; the browser takes about 200 ms to lay out and
  // paint that many SVG elements, and a tenth of it for the few hundred a screen shows.
  // Scrolling draws the newly seen part (one frame later), asked of the module.
  //   opts.fixed: drawn whole at its own size (the overview strip), not fitted nor zoomed.
  var MARGIN = 0.25;  // of the view's size, on every side
  var NOTHING = [-1e9, -1e9, -1e9, -1e9];  // a region no element lies in (a scene lies in [0, w] x [0, h])
  function Figure(container, fig, opts) {
    this.container = container;
    this.scene = fig;
    this.opts = opts || {};
    this.zoom = this.opts.zoom || 0;  // 0 = fit the width
    this.drawn = null;                 // the scene region drawn: [x0, y0, x1, y1]
    this.svg = null;                   // the SVG element it put into the box
    this.size();
    container.scanvizFigure = this;
    if (!container.scanvizScroll) {  // one listener per box, for whichever figure it shows
      container.scanvizScroll = true;
      var queued = false;
      container.addEventListener('scroll', function () {
        if (queued) return;
        queued = true;
        window.requestAnimationFrame(function () {
          queued = false;
          var f = container.scanvizFigure;
          if (f && f.container === container && !f.covers(f.view())) f.draw();
        });
      });
    }
    // The SVG at the figure's size with nothing in it yet: the box takes its size, so that it can
    // be scrolled to the part to show before that part is drawn.
    if (!this.opts.fixed) this.put(NOTHING);
  }
  // The scale: fit the container, or the zoom factor times the scene's size; never below the
  // style's legible scale (values stay readable: the box scrolls instead).
  Figure.prototype.legible = function () { return (S && S.legible_zoom) || 0.3; };
  Figure.prototype.size = function () {
    if (this.opts.fixed) { this.scale = 1; return; }
    var avail = Math.max(200, this.container.clientWidth - 2);
    var fit = Math.min(1.4, avail / this.scene.w);
    this.scale = Math.max(this.zoom > 0 ? this.zoom : fit, this.legible());
  };
  // The part of the scene in view of the box (scene units).
  Figure.prototype.view = function () {
    var c = this.container, k = this.scale;
    if (this.opts.fixed) return [0, 0, this.scene.w, this.scene.h];
    return [c.scrollLeft / k, c.scrollTop / k, (c.scrollLeft + c.clientWidth) / k, (c.scrollTop + c.clientHeight) / k];
  };
  Figure.prototype.covers = function (v) {
    var d = this.drawn;
    return d && v[0] >= d[0] && v[1] >= d[1] && v[2] <= d[2] && v[3] <= d[3];
  };
  // Sizes the SVG for the zoom and the box (after a zoom or a resize) and draws what is in view
  // (once the box has taken the new size: the view is what the box shows at that size).
  Figure.prototype.layout = function () {
    this.size();
    this.put(NOTHING);
    this.draw();
  };
  Figure.prototype.zoomBy = function (f) {
    if (f === 0) this.zoom = 0; else this.zoom = Math.min(6, Math.max(this.legible(), (this.zoom || this.scale) * f));
    this.layout();
  };
  // Puts the module's SVG of what lies in the view and its margin into the box: cells (class:
  // their role; data-step and data-slot, what a click selects), edges (data-i: their order in
  // the scene), labels (a value: class "value", data-slot). Ids are the box's own (its id first).
  // A figure whose drawing was taken off its box (the page shows an error in its place) stays off.
  Figure.prototype.draw = function () {
    if (this.svg && this.svg.parentNode !== this.container) return;
    var v = this.view(), region = null;
    if (!this.opts.fixed) {
      var mx = (v[2] - v[0]) * MARGIN, my = (v[3] - v[1]) * MARGIN;
      region = [v[0] - mx, v[1] - my, v[2] + mx, v[3] + my];
    }
    this.drawn = region || [-Infinity, -Infinity, Infinity, Infinity];
    this.put(region);
  };
  // The module's SVG of the figure at its scale, of what lies in `region` (null: all of it).
  Figure.prototype.put = function (region) {
    this.container.innerHTML = D.svgOf({ figure: this.scene.figure, region: region, scale: this.scale,
      id_prefix: (this.container.id || 'figure') + '-' });
    this.svg = this.container.firstElementChild;
  };

  // ---- views -------------------------------------------------------------------------
  var stateBox = document.getElementById('state');
  var diagramBox = document.getElementById('diagram');
  var stateFig = null, diagram = null, V = null;  // V: the diagram view on screen (publish::diagram_view)

  // The overview strip over the diagram (the window's, core/figure/legible.hpp): the whole array,
  // the cells the step wrote, the frame of the window shown. A click or a drag moves the window;
  // focused (Tab), the arrow keys move it by a row of 32, Page Up / Down by a window, Home / End
  // to either end ([ and ] anywhere on the page move it by half a window).
  var strip = document.createElement('div');
  strip.id = 'overview';
  strip.className = 'overview';
  strip.tabIndex = 0;
  strip.hidden = true;
  strip.setAttribute('role', 'slider');
  strip.setAttribute('aria-label', t("overview of the whole array: moves the diagram's window of columns"));
  if (diagramBox) diagramBox.parentNode.insertBefore(strip, diagramBox);
  function stripWidth() { return Math.max(100, (diagramBox ? diagramBox.clientWidth : 600) - 2); }

  // The state scene after the step shown, with the clicked cell marked: a figure of the
  // WebAssembly module (D.stateOf), made when it is shown.
  function drawState() {
    stateFig = new Figure(stateBox, D.stateOf(view.step, view.sel ? view.sel.slot : -1),
      { zoom: stateFig ? stateFig.zoom : 0 });
    stateFig.draw();
  }

  // Scrolls the diagram's box so that the cells of the step (or the clicked cell) are in view,
  // as the window's canvas follows the step.
  function follow(focus) {
    if (!focus || !diagram) return;
    var k = diagram.scale, box = diagramBox;
    var x0 = focus[0] * k, x1 = focus[2] * k, y0 = focus[1] * k, y1 = focus[3] * k;
    if (x0 < box.scrollLeft || x1 > box.scrollLeft + box.clientWidth)
      box.scrollLeft = Math.max(0, (x1 - x0 <= box.clientWidth ? (x0 + x1 - box.clientWidth) / 2 : x0 - 8));
    if (y0 < box.scrollTop || y1 > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, (y1 - y0 <= box.clientHeight ? (y0 + y1 - box.clientHeight) / 2 : y0 - 8));
  }

  // Asks the module for the diagram at the step and cell shown (and `stripX`: a click in the
  // overview strip at that pixel) and draws it: the window of columns, its strip, the cell's line.
  function drawDiagram(stripX) {
    var t0 = performance.now();
    var next = D.viewOf({ step: view.step, cell: view.sel ? [view.sel.step, view.sel.slot] : null, moved: view.moved,
      strip_width: stripWidth(), strip_x: stripX === undefined ? -1 : stripX });
    timing.last_view_ms = performance.now() - t0;
    var moved = !V || next.window.first !== V.window.first || next.window.count !== V.window.count;
    V = next;
    view.moved = V.window.moved ? V.window.first : -1;
    diagram = new Figure(diagramBox, V.scene, { zoom: diagram ? diagram.zoom : 0 });
    // Follow the step (or the cell) unless the person moved the window with the strip.
    if (stripX === undefined || moved) follow(V.focus);
    diagram.draw();
    drawStrip();

    var line = document.getElementById('selection-line');
    var clear = document.getElementById('clear');
    if (view.sel && V.selection) {
      var st = view.sel.step, c = V.selection;
      var args = { slot: view.sel.slot, step: st < 0 ? t('the start') : D.steps[st].label, value: c.value,
                   inputs: c.inputs, outputs: c.outputs };
      line.textContent = t('slot {slot} after {step} = {value}', args) + t(': ') +
        (c.inputs === 1 ? t('depends on {inputs} input', args) : t('depends on {inputs} inputs', args)) + t(', ') +
        (c.outputs === 1 ? t('feeds {outputs} output', args) : t('feeds {outputs} outputs', args));
      clear.hidden = false;
    } else {
      line.textContent = t('click a cell: its dependency cone and reach light up');
      clear.hidden = true;
    }
  }

  function drawStrip() {
    var o = V.overview, w = V.window;
    strip.hidden = !o;
    diagramBox.setAttribute('data-window', w.first + ',' + w.count);
    if (!o) return;
    new Figure(strip, o.strip, { fixed: true }).draw();
    strip.setAttribute('aria-valuemin', 0);
    strip.setAttribute('aria-valuemax', w.slots - w.count);
    strip.setAttribute('aria-valuenow', w.first);
    var cols = { first: w.first, last: w.first + w.count - 1, slots: w.slots };
    strip.setAttribute('aria-valuetext', t('columns {first} to {last} of {slots}', cols));
    strip.title = t('the whole array ({slots} slots), the diagram shows columns {first} to {last}: click or drag to ' +
      'move; arrow keys, Page Up / Down, Home / End', cols);
  }

  // Moves the diagram's window to start at `first` (kept within the run, in rows of 32).
  function moveWindow(first) {
    if (!V || !V.overview) return;
    view.moved = Math.max(0, first);
    drawDiagram();
    saveHash();
  }
  // A click or a drag in the strip (one view per frame while dragging).
  var dragging = false, pendingX = null;
  function stripAt(ev) {
    pendingX = ev.clientX - strip.getBoundingClientRect().left;
    if (pendingX === null || stripAt.queued) return;
    stripAt.queued = true;
    window.requestAnimationFrame(function () {
      stripAt.queued = false;
      if (pendingX === null) return;
      var x = pendingX;
      pendingX = null;
      drawDiagram(x);
      saveHash();
    });
  }
  strip.addEventListener('pointerdown', function (ev) {
    dragging = true;
    if (strip.setPointerCapture) strip.setPointerCapture(ev.pointerId);
    stripAt(ev);
    ev.preventDefault();
  });
  strip.addEventListener('pointermove', function (ev) { if (dragging) stripAt(ev); });
  strip.addEventListener('pointerup', function () { dragging = false; });
  strip.addEventListener('pointercancel', function () { dragging = false; });
  strip.addEventListener('keydown', function (ev) {
    if (!V || !V.overview) return;
    var w = V.window, to = null;
    switch (ev.key) {
      case 'ArrowLeft': case 'ArrowDown': to = w.first - 32; break;
      case 'ArrowRight': case 'ArrowUp': to = w.first + 32; break;
      case 'PageUp': to = w.first - w.count; break;
      case 'PageDown': to = w.first + w.count; break;
      case 'Home': to = 0; break;
      case 'End': to = w.slots; break;
    }
    if (to === null) return;
    ev.preventDefault();
    ev.stopPropagation();  // the page's own keys (step, lesson pages) are not meant
    moveWindow(to);
  });

  function metric(name, value, id, warn) {
    return '<div><dt>' + name + '</dt><dd id="' + id + '"' + (warn ? ' class="warn"' : '') + '>' + value + '</dd></div>';
  }
  function drawMetrics() {
    var tt = window.t;  // t is the run's totals here
    var t = D.totals, html = '', k = view.step;
    var workSoFar = 0;
    for (var i = 0; i <= k; ++i) workSoFar += D.steps[i].work;
    if (k < 0) {
      html += metric(tt('step'), tt('initial state'), 'm-step');
      html += metric(tt('work (whole run)'), tt('{work} (sequential {sequential})', { work: t.work, sequential: t.sequential_work }), 'm-work');
      html += metric(tt('span (whole run)'), t.span, 'm-span');
      html += metric(tt('bank conflicts (worst step)'), t.max_conflict_degree > 1 ? tt('{degree}-way', { degree: t.max_conflict_degree }) : tt('none'), 'm-banks', t.max_conflict_degree > 1);
    } else {
      var s = D.steps[k];
      html += metric(tt('active threads'), tt('{k} of {n}', { k: s.active, n: s.threads }), 'm-active');
      html += metric(tt('work this step'), tt('{work} ({so_far} of {total} so far)', { work: s.work, so_far: workSoFar, total: t.work }), 'm-work');
      html += metric(tt('span so far'), tt('{k} of {n}', { k: s.span_so_far, n: t.span }), 'm-span');
      html += metric(tt('bank conflicts'), s.max_conflict_degree > 1 ? tt('{degree}-way', { degree: s.max_conflict_degree }) + tt(', ') +
        (s.conflicted_groups === 1 ? tt('{count} access', { count: s.conflicted_groups }) : tt('{count} accesses', { count: s.conflicted_groups }))
        : (s.shared_reads + s.shared_writes > 0 ? tt('none') : tt('no shared access')),
        'm-banks', s.max_conflict_degree > 1);
      html += metric(tt('shared reads / writes'), tt('{reads} / {writes} ({cycles} bank cycles)', { reads: s.shared_reads, writes: s.shared_writes, cycles: s.bank_cycles }), 'm-shared');
    }
    html += metric(tt('steps'), tt('{steps} (work {work}, span {span})', { steps: nSteps, work: t.work, span: t.span }), 'm-totals');
    document.getElementById('metrics').innerHTML = html;
  }

  function drawStepLine() {
    var k = view.step;
    var label = document.getElementById('step-label');
    var total = view.hideTotal ? '?' : nSteps;  // a lesson question asks for the steps
    label.textContent = k < 0 ? t('initial state (step 0/{total})', { total: total })
      : t('step {k}/{total}: {label} (ends at {barrier})', { k: k + 1, total: total, label: D.steps[k].label,
                                                            barrier: D.steps[k].barrier });
    label.setAttribute('data-step', k + 1);
    document.getElementById('phase').textContent = k < 0 ? '-' : D.steps[k].phase;
    document.getElementById('play').textContent = view.playing ? t('Pause') : t('Play');
  }

  function saveHash() {
    if (onView) onView(view.step, view.sel);
  }

  function render() {
    var t0 = performance.now();
    drawStepLine();
    drawMetrics();
    drawState();
    drawDiagram();
    saveHash();
    timing.last_render_ms = performance.now() - t0;  // a step: the module's views and the drawing
  }

  // ---- stepping (the window's App::set_step, toggle_play, tick) ---------------------
  function setStep(k) {
    view.step = Math.max(-1, Math.min(nSteps - 1, k));
    view.moved = -1;  // the window follows the step, as the window's diagram does
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
    // A cell outside the window brings the window to it (the one around the cell).
    if (view.sel && V && (slot < V.window.first || slot >= V.window.first + V.window.count)) view.moved = -1;
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
      case '[': if (V) moveWindow(V.window.first - V.window.count / 2); break;
      case ']': if (V) moveWindow(V.window.first + V.window.count / 2); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });
  window.addEventListener('resize', function () {
    if (!D) return;
    stateFig.layout();
    diagram.layout();
    if (V && V.overview && Math.abs(V.overview.strip.w - stripWidth()) > 1) drawDiagram();
  });

  // Shows a trace: its page data, the step (-1 = initial state) and the selected cell [step, slot] or null.
  function load(data, step, sel) {
    view.playing = false;
    stopTimer();
    D = data;
    S = D.style;
    nSteps = D.steps.length;
    diagram = null;  // drawn anew: another trace
    V = null;
    view.moved = -1;
    view.step = Math.max(-1, Math.min(nSteps - 1, step));
    view.sel = sel ? { step: sel[0], slot: sel[1] } : null;
    render();
  }
  window.scanviz = {
    load: load,
    // The step counter's total shows '?' while a lesson question asks for it (hide = controls).
    hideTotal: function (on) { view.hideTotal = !!on; if (D) drawStepLine(); },
    setStep: function (k) { setStep(k); },
    step: function () { return view.step; },
    selection: function () { return view.sel; },
    // The diagram's window: {first, count, slots, moved}; moveWindow(first) as the strip's keys do.
    window: function () { return V ? V.window : null; },
    moveWindow: moveWindow,
    onView: function (fn) { onView = fn; }
  };
})();
