// scanviz lesson page: steps through a lesson with next / back (PageDown / PageUp, as in the
// window). The lesson is computed in this browser from its text by the core (WebAssembly,
// core.js): the checker, the narration's figures, each step's trace (drawn by scanviz.js) and
// the answers (core/lessons/quantity.hpp's evaluators), and an answer is judged there too
// (lessons::judge). A learner may open a .lesson file of their own (picker or drag and drop):
// a lesson with problems gets the checker's lines, "FILE:LINE: ...", as `scanviz lesson check`
// prints them. Progress (the step, the questions answered right) is kept in localStorage.
(function () {
  'use strict';
  var t = window.t;

  var core = null, L = null, source = null, nSteps = 0, current = -1, progress = null, revealed = false;
  var VIEWER_PANELS = { state: 'panel-state', diagram: 'panel-diagram', metrics: 'panel-metrics' };
  var OTHER_PANELS = { source: t('source'), sass: 'SASS', bench: t('benchmark'), lookback: t('look-back') };
  var I = window.scanvizI18n;

  function $(id) { return document.getElementById(id); }

  // ---- progress, per lesson name, in this browser ----------------------------------------
  function progressKey() { return 'scanviz-lesson:' + L.name; }
  function loadProgress() {
    var p = null;
    try { p = JSON.parse(window.localStorage.getItem(progressKey()) || 'null'); } catch (e) { p = null; }
    if (!p || typeof p.step !== 'number' || !Array.isArray(p.answered)) p = { step: 0, answered: [] };
    return p;
  }
  function saveProgress() {
    try { window.localStorage.setItem(progressKey(), JSON.stringify(progress)); } catch (e) { /* private mode */ }
    var asked = L.steps.filter(function (s) { return s.question; }).length;
    $('progress').textContent = asked ? t('{answered} of {asked} questions answered',
      { answered: progress.answered.length, asked: asked }) : '';
  }

  // ---- one lesson step ----------------------------------------------------------------------
  function show(i) {
    i = Math.max(0, Math.min(nSteps - 1, i));
    if (i === current) return;
    current = i;
    var s = L.steps[i], tc = L.traces[s.trace];
    var label = $('lesson-step');
    label.textContent = s.title ? t('Step {i} of {n}: {title}', { i: i + 1, n: nSteps, title: s.title })
      : t('Step {i} of {n}', { i: i + 1, n: nSteps });
    label.setAttribute('data-step', i + 1);
    $('lesson-back').disabled = i === 0;
    $('lesson-next').disabled = i === nSteps - 1;
    $('lesson-spec').textContent = tc.variant.title + ' (' + tc.variant.id + '), n = ' + tc.spec.n + ', ' + tc.spec.op +
      ' ' + tc.spec.type + ', ' + (tc.spec.exclusive ? t('exclusive') : t('inclusive'));
    var badge = $('badge');
    badge.textContent = I.badge(tc.badge);
    badge.setAttribute('data-kind', tc.badge.kind);

    revealed = !s.question;
    var form = $('question');
    form.hidden = !s.question;
    $('answer').value = '';
    $('feedback').textContent = progress.answered.indexOf(i) >= 0 ? t('Answered right before.') : '';
    $('feedback').className = 'feedback';
    $('feedback').removeAttribute('data-correct');
    if (s.question) $('ask').textContent = s.question.ask;
    render();
    progress.step = i;
    saveProgress();
    if (window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + (i + 1));
  }

  // What the step shows: until its question is answered (or its answer asked for), the {hidden}
  // figures print "(?)", the panels and the selection the question hides stay closed, and a
  // `reveal = next` question keeps the step the learner predicts unrun.
  function render() {
    var s = L.steps[current], tc = L.traces[s.trace];
    var hide = revealed ? [] : (s.hide || []);
    document.body.setAttribute('data-revealed', revealed ? '1' : '0');
    var narration = $('narration');
    narration.textContent = '';
    (revealed && s.narration_revealed ? s.narration_revealed : s.narration).forEach(function (text) {
      var p = document.createElement('p');
      p.textContent = text;
      narration.appendChild(p);
    });
    var shown = s.panels.filter(function (p) { return hide.indexOf(p) < 0; });
    var others = shown.filter(function (p) { return OTHER_PANELS[p]; }).map(function (p) { return OTHER_PANELS[p]; });
    $('other-panels').hidden = !others.length;
    $('other-panels').textContent = !others.length ? ''
      : others.length > 1 ? t('In the window this step also shows the {views} views (scanviz lesson show prints its figures).',
                              { views: others.join(t(', ')) })
      : t('In the window this step also shows the {views} view (scanviz lesson show prints its figures).',
          { views: others[0] });
    for (var name in VIEWER_PANELS) $(VIEWER_PANELS[name]).hidden = shown.indexOf(name) < 0;
    $('show-answer').hidden = !s.question || revealed;
    var at = revealed && typeof s.after === 'number' ? s.after : s.at;
    window.scanviz.hideTotal(hide.indexOf('controls') >= 0);
    window.scanviz.load(tc, at, hide.indexOf('selection') >= 0 ? null : s.select);
  }
  function reveal(message) {
    var s = L.steps[current];
    if (!s.question || revealed) return;
    revealed = true;
    render();
    if (message) {
      var fb = $('feedback');
      fb.textContent = message;
      fb.className = 'feedback';
    }
  }

  // ---- computing a lesson from its text -----------------------------------------------------
  function problems(lines) {
    var box = $('lesson-problems');
    box.textContent = lines.join('\n');
    box.hidden = !lines.length;
    document.body.setAttribute('data-problems', lines.length);
  }
  function open(src, startStep) {
    var result;
    try {
      result = core.call({ fn: 'lesson', text: src.text, path: src.path });
    } catch (err) {
      result = { error: err.message, problems: [err.message] };
    }
    if (result.error) {
      problems(result.problems);
      $('lesson-main').hidden = true;  // no steps of a lesson the checker refused
      return false;
    }
    problems([]);
    source = src;
    L = result;
    L.traces.forEach(core.attach);
    nSteps = L.steps.length;
    current = -1;
    $('lesson-main').hidden = false;
    $('lesson-title').textContent = L.title;
    $('lesson-pre').textContent = L.prerequisites;
    $('lesson-out').textContent = L.outcomes;
    document.title = L.title + ' · scanviz';
    progress = loadProgress();
    show(startStep === undefined ? progress.step : startStep);
    return true;
  }
  function openFile(file) {
    var reader = new FileReader();
    reader.onload = function () { open({ text: String(reader.result), path: file.name }, 0); };
    reader.onerror = function () { problems([t("cannot read lesson '{file}'", { file: file.name })]); };
    reader.readAsText(file);
  }

  // The judge's verdict in the page's language: the core's own line in English; in Chinese the
  // same verdict from its parts (app/wasm's "judge": reason, answer, origin, the lesson's hint, the view).
  function feedback(v) {
    if (I.lang !== 'zh' || !v.reason) return v.message;
    switch (v.reason) {
      case 'right':
        return v.origin ? t('Right: {answer} ({origin}).', { answer: v.answer, origin: v.origin })
                        : t('Right: {answer}', { answer: v.answer });
      case 'wrong':
        return [t('Not quite.'), v.hint || '', v.view ? t('The answer is in {view}.', { view: t(v.view) }) : '']
          .filter(function (x) { return x; }).join(' ');
      case 'empty': return t('Type an answer first.');
      case 'not_number': return t("'{given}' is not a number.", { given: v.given });
      case 'not_cells': return t("'{given}' is not a list of cells (for example 0-3, 7).", { given: v.given });
      case 'not_option': return t("'{given}' is not one of {options}.", { given: v.given, options: v.options.join(', ') });
      default: return v.message;
    }
  }

  $('lesson-back').addEventListener('click', function (ev) { show(current - 1); ev.currentTarget.blur(); });
  $('lesson-next').addEventListener('click', function (ev) { show(current + 1); ev.currentTarget.blur(); });
  $('question').addEventListener('submit', function (ev) {
    ev.preventDefault();
    if (!L || !L.steps[current].question) return;
    var v;
    try {
      v = core.call({ fn: 'judge', text: source.text, path: source.path, step: current, answer: $('answer').value });
    } catch (err) {
      v = { correct: false, message: err.message };
    }
    var fb = $('feedback');
    fb.textContent = feedback(v);
    fb.className = 'feedback ' + (v.correct ? 'right' : 'wrong');
    fb.setAttribute('data-correct', v.correct ? '1' : '0');
    if (v.correct && progress.answered.indexOf(current) < 0) { progress.answered.push(current); saveProgress(); }
    if (v.correct) reveal();
  });
  // A prediction's step stays unrun until it is answered or its answer asked for: the trace controls
  // go back to the step the lesson shows.
  window.scanviz.onView(function (step) {
    if (!L || revealed || current < 0) return;
    var s = L.steps[current];
    if (s.question && typeof s.after === 'number' && s.after > s.at && step > s.at)
      window.setTimeout(function () { window.scanviz.setStep(s.at); }, 0);
  });
  $('show-answer').addEventListener('click', function () {
    var q = L && L.steps[current].question;
    if (q) reveal(q.origin ? t('Answer: {answer} ({origin})', { answer: q.text, origin: q.origin })
                           : t('Answer: {answer}', { answer: q.text }));
  });
  $('lesson-input').addEventListener('change', function () {
    if (this.files && this.files[0]) openFile(this.files[0]);
  });
  var drop = $('lesson-file');
  ['dragenter', 'dragover'].forEach(function (type) {
    document.addEventListener(type, function (ev) { ev.preventDefault(); drop.className = 'lesson-file over'; });
  });
  document.addEventListener('dragleave', function () { drop.className = 'lesson-file'; });
  document.addEventListener('drop', function (ev) {
    ev.preventDefault();
    drop.className = 'lesson-file';
    if (ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0]) openFile(ev.dataTransfer.files[0]);
  });
  document.addEventListener('keydown', function (ev) {
    if (!L || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;  // typing an answer
    if (ev.key === 'PageDown') { show(current + 1); ev.preventDefault(); }
    if (ev.key === 'PageUp') { show(current - 1); ev.preventDefault(); }
  });

  var embedded = JSON.parse($('scanviz-lesson').textContent);
  window.scanvizLesson = { open: open };  // for tests: open({text, path})
  window.scanvizCore.ready.then(function (c) {
    core = c;
    if (embedded) {
      var start = parseInt(window.location.hash.replace(/^#/, ''), 10);
      // The lesson in the page's language: its Chinese translation where the site carries one
      // (the same steps and questions, and the same name: progress is the lesson's, whatever the language).
      open(I.lang === 'zh' && embedded.zh ? embedded.zh : embedded, isNaN(start) ? undefined : start - 1);
    } else {
      $('lesson-main').hidden = true;
      // lessons/open.html: a lesson of the learner's own (app/core/publish/site.cpp writes its English).
      $('lesson-title').textContent = t('A lesson of your own');
      $('lesson-pre').textContent = t('a .lesson file (scanviz lesson kinds lists what it can ask)');
      $('lesson-out').textContent = t("the checker's problems, line by line, or the lesson, computed here");
      document.title = t('A lesson of your own') + ' · scanviz';
    }
    document.body.setAttribute('data-ready', '1');
  }, function (err) {
    problems([t('scanviz could not start in this browser: {error}', { error: err.message })]);
    document.body.setAttribute('data-ready', '1');
  });
})();
