// scanviz published lesson page: steps through a lesson with next / back (PageDown /
// PageUp, as in the window). Each step shows its narration, its trace at the step and
// cell the lesson names (drawn by scanviz.js), and its question. The page data
// (app/core/publish/lesson_page.hpp) holds the answers the C++ evaluators computed at
// publish time; an answer is judged here by the rules of lessons::judge (quantity.cpp).
(function () {
  'use strict';

  var L = JSON.parse(document.getElementById('scanviz-lesson').textContent);
  var nSteps = L.steps.length;
  var current = -1;
  var VIEWER_PANELS = { state: 'panel-state', diagram: 'panel-diagram', metrics: 'panel-metrics' };
  var OTHER_PANELS = { source: 'source', sass: 'SASS', bench: 'benchmark', lookback: 'look-back' };

  function $(id) { return document.getElementById(id); }

  // ---- judging an answer (lessons::judge, parse_cells) --------------------------------
  function parseCells(text) {
    var words = text.replace(/\.\./g, '-').replace(/[,;]/g, ' ').split(/\s+/).filter(function (w) { return w; });
    var out = {};
    for (var i = 0; i < words.length; ++i) {
      var m = /^(\d+)(?:-(\d+))?$/.exec(words[i]);
      if (!m) return null;
      var lo = parseInt(m[1], 10), hi = m[2] === undefined ? lo : parseInt(m[2], 10);
      if (hi < lo || hi - lo > (1 << 20)) return null;
      for (var v = lo; v <= hi; ++v) out[v] = true;
    }
    var cells = Object.keys(out).map(Number).sort(function (a, b) { return a - b; });
    return cells.length ? cells : null;
  }
  function judge(q, raw) {
    var given = raw.replace(/^\s+|\s+$/g, '');
    if (!given) return { correct: false, message: 'Type an answer first.' };
    var correct = false;
    if (q.kind === 'number') {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(given))
        return { correct: false, message: "'" + given + "' is not a number." };
      var x = parseFloat(given);
      var tol = q.relative ? q.tolerance * Math.abs(q.number) : q.tolerance;
      correct = q.tolerance > 0 ? Math.abs(x - q.number) <= tol + 1e-12 : x === q.number;
    } else if (q.kind === 'cells') {
      var cells = parseCells(given);
      if (!cells) return { correct: false, message: "'" + given + "' is not a list of cells (for example 0-3, 7)." };
      correct = cells.length === q.cells.length && cells.every(function (c, i) { return c === q.cells[i]; });
    } else {
      var pick = given.toLowerCase();
      if (/^\d+$/.test(pick) && +pick >= 1 && +pick <= q.options.length) pick = q.options[+pick - 1];
      if (q.options.indexOf(pick) < 0)
        return { correct: false, message: "'" + given + "' is not one of " + q.options.join(', ') + '.' };
      correct = pick === q.choice;
    }
    return { correct: correct, message: correct ? q.right : q.hint };
  }

  // ---- one lesson step ------------------------------------------------------------------
  function show(i) {
    i = Math.max(0, Math.min(nSteps - 1, i));
    if (i === current) return;
    current = i;
    var s = L.steps[i], t = L.traces[s.trace];
    var label = $('lesson-step');
    label.textContent = 'Step ' + (i + 1) + ' of ' + nSteps + (s.title ? ': ' + s.title : '');
    label.setAttribute('data-step', i + 1);
    $('lesson-back').disabled = i === 0;
    $('lesson-next').disabled = i === nSteps - 1;
    $('lesson-spec').textContent = t.variant.title + ' (' + t.variant.id + '), n = ' + t.spec.n + ', ' + t.spec.op +
      ' ' + t.spec.type + (t.spec.exclusive ? ', exclusive' : ', inclusive');
    var badge = $('badge');
    badge.textContent = t.badge.text;
    badge.setAttribute('data-kind', t.badge.kind);

    var narration = $('narration');
    narration.textContent = '';
    s.narration.forEach(function (text) {
      var p = document.createElement('p');
      p.textContent = text;
      narration.appendChild(p);
    });
    var others = s.panels.filter(function (p) { return OTHER_PANELS[p]; }).map(function (p) { return OTHER_PANELS[p]; });
    $('other-panels').hidden = !others.length;
    $('other-panels').textContent = others.length ? 'In the window this step also shows the ' + others.join(', ') +
      ' view' + (others.length > 1 ? 's' : '') + ' (scanviz lesson show prints its figures).' : '';
    for (var name in VIEWER_PANELS) $(VIEWER_PANELS[name]).hidden = s.panels.indexOf(name) < 0;

    var form = $('question');
    form.hidden = !s.question;
    $('answer').value = '';
    $('feedback').textContent = '';
    $('feedback').className = 'feedback';
    $('feedback').removeAttribute('data-correct');
    if (s.question) $('ask').textContent = s.question.ask;

    window.scanviz.load(t, s.at, s.select);
    if (window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + (i + 1));
  }

  $('lesson-back').addEventListener('click', function (ev) { show(current - 1); ev.currentTarget.blur(); });
  $('lesson-next').addEventListener('click', function (ev) { show(current + 1); ev.currentTarget.blur(); });
  $('question').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var q = L.steps[current].question;
    if (!q) return;
    var v = judge(q, $('answer').value);
    var fb = $('feedback');
    fb.textContent = v.message;
    fb.className = 'feedback ' + (v.correct ? 'right' : 'wrong');
    fb.setAttribute('data-correct', v.correct ? '1' : '0');
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;  // typing an answer
    if (ev.key === 'PageDown') { show(current + 1); ev.preventDefault(); }
    if (ev.key === 'PageUp') { show(current - 1); ev.preventDefault(); }
  });

  var start = parseInt(window.location.hash.replace(/^#/, ''), 10);
  show(isNaN(start) ? 0 : start - 1);
  document.body.setAttribute('data-ready', '1');
})();
