// scanviz published pages in the reader's language: English (the source text) or Simplified
// Chinese, whose words come from the one catalog, assets/i18n/zh_CN.po, as `scanviz publish`
// wrote it beside the pages (i18n_zh.js: window.SCANVIZ_I18N_ZH, {msgid: msgstr}, made by
// app/core/publish/site.cpp from the catalog the program loads). Nothing here is a second copy.
//   t("English text", {name: value})  the text in the page's language, {name} filled in
//   HTML: data-i18n="English text"       the element's text, translated (data-i18n-args: JSON)
//         data-i18n-html="English <b>markup</b>"  its markup, translated (the catalog's own)
//         data-i18n-title / -placeholder / -aria-label / -label   that attribute, translated
//         data-zh="..."                  text that is not the catalog's (a lesson's Chinese title)
// The language: localStorage "scanviz-lang" when the reader picked one with the switch (English /
// 中文) the page shows, else the browser's (navigator.languages: the first en* or zh*).
// tests/web/check_web_catalog.py finds every t("...") and data-i18n* here and in web/.
(function () {
  'use strict';

  var KEY = 'scanviz-lang';
  var catalog = window.SCANVIZ_I18N_ZH || {};

  function fromBrowser() {
    var langs = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < langs.length; ++i) {
      var l = String(langs[i] || '').toLowerCase();
      if (l.indexOf('zh') === 0) return 'zh';
      if (l.indexOf('en') === 0) return 'en';
    }
    return 'en';
  }
  function chosen() {
    var l = null;
    try { l = window.localStorage.getItem(KEY); } catch (e) { l = null; }
    return l === 'zh' || l === 'en' ? l : fromBrowser();
  }
  var lang = chosen();

  function squash(text) { return String(text).replace(/\s+/g, ' ').trim(); }
  function fill(text, args) {
    if (!args) return text;
    return text.replace(/\{([a-z_0-9]+)\}/g, function (m, name) {
      return Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : m;
    });
  }
  // The text of an English msgid in the page's language, {name} placeholders filled from args.
  function t(msgid, args) {
    var id = squash(msgid);
    var text = lang === 'zh' && Object.prototype.hasOwnProperty.call(catalog, id) ? catalog[id] : id;
    return fill(text, args);
  }

  function argsOf(el) {
    var a = el.getAttribute('data-i18n-args');
    if (!a) return null;
    try { return JSON.parse(a); } catch (e) { return null; }
  }
  // Translates the page's marked elements (under root, default the document).
  function apply(root) {
    root = root || document;
    var each = function (sel, fn) { Array.prototype.forEach.call(root.querySelectorAll(sel), fn); };
    each('[data-i18n]', function (el) { el.textContent = t(el.getAttribute('data-i18n'), argsOf(el)); });
    each('[data-i18n-html]', function (el) { el.innerHTML = t(el.getAttribute('data-i18n-html'), argsOf(el)); });
    ['title', 'placeholder', 'aria-label', 'label'].forEach(function (attr) {
      each('[data-i18n-' + attr + ']', function (el) { el.setAttribute(attr, t(el.getAttribute('data-i18n-' + attr))); });
    });
    if (lang === 'zh') each('[data-zh]', function (el) { el.textContent = el.getAttribute('data-zh'); });
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }

  // The switch: English / 中文, each in its own language; a pick is kept and the page drawn again.
  function addSwitch() {
    var top = document.querySelector('header.top');
    if (!top || document.getElementById('lang-switch')) return;
    var box = document.createElement('p');
    box.id = 'lang-switch';
    box.className = 'lang-switch';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', t('Language'));
    [['en', 'English'], ['zh', '中文']].forEach(function (pair, i) {
      if (i) box.appendChild(document.createTextNode(' / '));
      var b = document.createElement('button');
      b.type = 'button';
      b.id = 'lang-' + pair[0];
      b.lang = pair[0] === 'zh' ? 'zh-CN' : 'en';
      b.textContent = pair[1];
      b.setAttribute('aria-pressed', pair[0] === lang ? 'true' : 'false');
      b.addEventListener('click', function () { set(pair[0]); });
      box.appendChild(b);
    });
    top.insertBefore(box, top.firstChild);
  }
  function set(l) {
    try { window.localStorage.setItem(KEY, l); } catch (e) { /* private mode: for this page only */ }
    if (l === lang) return;
    lang = l;
    window.location.reload();  // every view is drawn again in the new language
  }

  // A trace's badge (app/core/run/badge.cpp's words, from its parts: publish/trace_page.cpp).
  function badge(b) {
    if (!b) return '';
    if (lang !== 'zh' || b.device === undefined) return b.text;
    var text;
    if (b.kind === 'recording')
      text = b.date ? t('recorded on {device} on {date}', { device: b.device, date: b.date })
                    : t('recorded on {device}', { device: b.device });
    else if (b.kind === 'gpu')
      text = b.sm ? t('GPU: {device} ({sm})', { device: b.device, sm: b.sm }) : t('GPU: {device}', { device: b.device });
    else if (b.kind === 'cpu') text = t('your kernel, run on the CPU');
    else text = t('reference model');
    // The Runner's note on a model trace (core/run/runner.cpp), in the catalog's words; another note as written.
    var note = b.note, m = /^this input is not in the recording of (.*): reference model shown$/.exec(note || '');
    if (m) note = t('this input is not in the recording of {device}: reference model shown', { device: m[1] });
    return note ? text + '（' + note + '）' : text;  // only Chinese gets here
  }

  window.t = t;
  window.scanvizI18n = { t: t, badge: badge, apply: apply, set: set, get lang() { return lang; }, fromBrowser: fromBrowser };
  function start() { apply(); addSwitch(); }
  // Loaded at the end of the body, before the page's scripts: the marked elements are there.
  if (document.querySelector('header.top')) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
