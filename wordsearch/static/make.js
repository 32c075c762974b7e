// The make page: every choice becomes one JSON request to the API. The page's own
// words come from the server in the teacher's language (the ui-texts block); the
// words' checks come back as reasons and numbers, put into that language here.
// One live region (#status) tells a screen reader each change, once.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const TEXTS = JSON.parse($("ui-texts").textContent);
  const UI = document.documentElement.lang;
  // Ages: the directions a child of that age reads comfortably, and the smallest
  // automatic grid (an automatic grid grows when the words need more room).
  const AGES = {
    "5-7": { directions: ["E", "S"], min: 8 },
    "7-9": { directions: ["E", "SE", "S"], min: 10 },
    "9-11": { directions: ["N", "NE", "E", "SE", "S", "W"], min: 12 },
    "11+": { directions: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"], min: 14 },
  };
  const ARROWS = { E: "→", S: "↓", SE: "↘", NE: "↗", W: "←", N: "↑", SW: "↙", NW: "↖" };
  const SHOWN_ORDER = ["E", "S", "SE", "NE", "W", "N", "SW", "NW"];
  const LETTER_REGIONS = ["US", "CA", "MX", "PH", "CL", "CO", "VE"];
  const state = { last: null, options: null, themes: [], themeText: null, fieldsDefault: null,
                  checkTimer: null, checking: 0, lineErrors: 0, upload: null };

  function t(key, values) {
    let text = TEXTS[key];
    if (text === undefined) throw new Error(`no page text ${key}`);
    for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(value);
    return text;
  }

  // The text for `count` in the page language's plural form (one, few, many, other).
  function count(key, n, values) {
    const form = new Intl.PluralRules(UI).select(n);
    const chosen = TEXTS[`${key}.${form}`] !== undefined ? `${key}.${form}` : `${key}.other`;
    return t(chosen, { n: n.toLocaleString(UI), ...(values || {}) });
  }

  function say(text) {
    $("status").textContent = text;
  }

  async function call(method, url, body, type) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.body = type ? body : JSON.stringify(body);
      init.headers["Content-Type"] = type || "application/json";
    }
    let response;
    try {
      response = await fetch(url, init);
    } catch (e) {
      return { ok: false, status: 0, data: { error: t("make.unreachable") } };
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: t("make.no_answer", { status: response.status }) };
    }
    return { ok: response.ok, status: response.status, data };
  }

  function option(select, value, text) {
    const el = document.createElement("option");
    el.value = value;
    el.textContent = text;
    select.appendChild(el);
  }

  function setup(options) {
    state.options = options;
    for (const size of options.page_sizes) option($("page_size"), size, t(`make.paper.${size}`));
    $("page_size").value = paperFor(navigator.language || "");
    for (const l of options.languages) {
      option($("language"), l.code, l.native_name);
      option($("clue_language"), l.code, l.native_name);
    }
    $("language").value = options.languages.some((l) => l.code === UI) ? UI : options.default_language;
    gridChoices();
    const box = $("directions");
    for (const d of SHOWN_ORDER) {
      const label = document.createElement("label");
      label.className = "direction";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = d;
      input.name = "direction";
      input.addEventListener("change", () => { gridHint(); scheduleCheck(); });
      const arrow = document.createElement("span");
      arrow.className = "arrow";
      arrow.setAttribute("aria-hidden", "true");
      arrow.textContent = ARROWS[d];
      label.append(input, arrow, t(`make.dir.${d}`));
      box.appendChild(label);
    }
    applyAge();
    gallery(options.masks);
    wordsLanguage();
  }

  function paperFor(locale) {
    const region = locale.split("-")[1] || "";
    return LETTER_REGIONS.includes(region.toUpperCase()) ? "letter" : "a4";
  }

  function gridChoices() {
    const select = $("grid");
    option(select, "", "");
    for (let n = 6; n <= state.options.limits.side; n += n < 20 ? 1 : 5) option(select, n, `${n} × ${n}`);
  }

  function age() {
    return AGES[document.querySelector("input[name=age]:checked").value];
  }

  function applyAge() {
    const chosen = age();
    for (const input of document.querySelectorAll("input[name=direction]")) input.checked = chosen.directions.includes(input.value);
    gridHint();
    scheduleCheck();
  }

  function gridHint() {
    const min = age().min;
    $("grid").options[0].textContent = t("make.grid_auto", { n: min });
    $("grid-hint").textContent = $("grid").value ? t("make.grid_fixed") : t("make.grid_auto_hint", { n: min });
  }

  function directions() {
    return [...document.querySelectorAll("input[name=direction]")].filter((i) => i.checked).map((i) => i.value);
  }

  function gallery(masks) {
    const box = $("gallery");
    tile(box, "", t("make.mask_none"), null).checked = true;
    for (const name of masks) tile(box, name, t(`make.mask.${name}`), `/api/masks/${encodeURIComponent(name)}.png`);
  }

  function tile(box, value, text, src) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "mask";
    input.value = value;
    input.addEventListener("change", scheduleCheck);
    const face = document.createElement("span");
    face.className = "tile";
    const img = document.createElement("img");
    img.alt = "";
    if (src) img.src = src;
    else face.classList.add("empty");
    face.appendChild(img);
    const name = document.createElement("span");
    name.textContent = text;
    label.append(input, face, name);
    box.appendChild(label);
    return input;
  }

  function mask() {
    const chosen = document.querySelector("input[name=mask]:checked");
    return chosen && chosen.value ? chosen.value : null;
  }

  // Words: a theme's words put into the list, and each line checked as it is typed.
  async function wordsLanguage() {
    const code = $("language").value;
    const labels = state.options.labels[code];
    const fields = `${labels.name}, ${labels.date}`;
    if (state.fieldsDefault === null || $("fields").value === state.fieldsDefault) $("fields").value = fields;
    state.fieldsDefault = fields;
    const clueCode = $("clue_language").value || code;
    const { ok, data } = await call("GET", `/api/themes?language=${encodeURIComponent(code)}`
                                    + `&clue_language=${encodeURIComponent(clueCode)}`);
    state.themes = ok ? data.themes : [];
    const select = $("theme");
    select.length = 1;
    for (const theme of state.themes) option(select, theme.name, theme.title);
    $("theme").disabled = $("use-theme").disabled = !state.themes.length;
    select.options[0].textContent = state.themes.length ? t("make.theme_none") : t("make.theme_missing");
    scheduleCheck();
  }

  function useTheme() {
    const theme = state.themes.find((th) => th.name === $("theme").value);
    if (!theme) {
      themeNote(t("make.theme_choose"));
      $("theme").focus();
      return;
    }
    const clued = $("theme-clues").checked;
    if (clued && !theme.clues) {
      themeNote(t("make.theme_no_clues", { theme: theme.title }));
      $("clue_language").focus();
      return;
    }
    // with clues, each line "word: its clue" (the words the theme has a clue for)
    const words = clued ? theme.words.filter((w) => theme.clues[w]).map((w) => `${w}: ${theme.clues[w]}`)
      : [...theme.words];
    const wanted = Math.max(1, Math.min(Number($("theme-count").value) || 12, words.length));
    for (let i = words.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [words[i], words[j]] = [words[j], words[i]];
    }
    const drawn = words.slice(0, wanted).join("\n");
    const typed = $("words").value.trim();
    $("words").value = !typed || typed === state.themeText ? drawn : `${typed}\n${drawn}`;
    state.themeText = $("words").value.trim();
    if (!$("title").value.trim()) $("title").value = theme.title;
    themeNote(count("make.theme_added", wanted, { theme: theme.title }));
    checkWords();
  }

  // Said under the theme row, where the teacher is looking, and announced.
  function themeNote(text) {
    $("theme-note").textContent = text;
    say(text);
  }

  function lines() {
    return $("words").value.split(/\r\n|\r|\n/);
  }

  function scheduleCheck() {
    clearTimeout(state.checkTimer);
    state.checkTimer = setTimeout(checkWords, 250);
  }

  async function checkWords() {
    const ticket = ++state.checking;
    const body = { words: lines(), language: $("language").value, directions: directions() };
    if ($("grid").value) body.grid = Number($("grid").value);
    if (!body.directions.length) delete body.directions;
    const { ok, data } = await call("POST", "/api/words", body);
    if (ticket !== state.checking) return;
    const list = $("lines");
    list.replaceChildren();
    if (!ok) {
      $("ready").textContent = data.error;
      return;
    }
    for (const line of data.lines.filter((l) => l.state === "error" || l.state === "duplicate")) {
      const item = document.createElement("li");
      item.className = line.state;
      item.textContent = lineText(line);
      list.appendChild(item);
    }
    state.lineErrors = data.lines.filter((l) => l.state === "error").length;
    if (!directions().length) {
      $("ready").textContent = t("make.no_directions");
      return;
    }
    const twice = data.lines.filter((l) => l.state === "duplicate").length;
    const parts = [count("make.ready", data.ready)];
    if (state.lineErrors) parts.push(count("make.ready_bad", state.lineErrors));
    if (twice) parts.push(count("make.ready_twice", twice));
    $("ready").textContent = data.ready || state.lineErrors || twice ? parts.join(" · ") : t("make.ready_none");
    if (state.lineErrors) $("words").setAttribute("aria-invalid", "true");
    else $("words").removeAttribute("aria-invalid");
  }

  // A line's problem in the page's language, quoting the line as it was typed.
  function lineText(line) {
    const where = { line: line.line, text: line.text };
    if (line.state === "duplicate") return t("make.line_twice", { ...where, first: line.first });
    const reasons = {
      letters: () => t("make.line_letters", { ...where, letters: line.letters.join(" "), language: $("language").selectedOptions[0].textContent }),
      short: () => t("make.line_short", { ...where, least: line.least }),
      long: () => t("make.line_long", { ...where, letters: line.letters, most: line.most }),
      grid: () => t("make.line_grid", { ...where, letters: line.letters, most: line.most }),
      clue: () => t("make.line_clue", { ...where, most: line.most }),
    };
    return (reasons[line.reason] || (() => line.message))();
  }

  function request() {
    const body = { words: lines().filter((l) => l.trim()) };
    const title = $("title").value.trim();
    if (title) body.title = title;
    body.fields = $("fields").value.split(",").map((f) => f.trim()).filter(Boolean);
    body.page_size = $("page_size").value;
    if ($("grid").value) body.grid = Number($("grid").value);
    else body.min_grid = age().min;
    body.directions = directions();
    body.language = $("language").value;
    if ($("clue_language").value) body.clue_language = $("clue_language").value;
    if ($("pictures").value) body.pictures = $("pictures").value;
    if (mask()) body.mask = mask();
    body.show_answers = $("show_answers").checked;
    body.level = $("level").value;
    const message = $("message").value.trim();
    if (message) {
      body.message = message;
      if (document.querySelector("input[name=room]:checked").value === "own") body.no_added_words = true;
    }
    return body;
  }

  // The last puzzle goes the moment a new one is asked for: what is on screen is
  // always what the words and choices now make, or an error, never an older sheet.
  function clearResult() {
    state.last = null;
    $("result").hidden = true;
    document.body.classList.remove("has-result");
    $("print-puzzle").removeAttribute("src");
    $("print-key").removeAttribute("src");
    $("copied").hidden = true;
    $("pupil-link-box").hidden = true;
  }

  // `data` is the API's answer ({error, option}), or the page's own ({mine: true}).
  function showError(data) {
    clearResult();
    $("placeholder").hidden = true;
    const fieldLabel = data.option && document.querySelector(`label[for="${data.option}"]`);
    // The library's message is English: another language's page says in its own
    // words where to look, and quotes it.
    let text = data.error;
    if (UI !== "en" && !data.mine) {
      const where = state.lineErrors ? count("make.error_lines", state.lineErrors)
        : fieldLabel ? t("make.error_field", { field: fieldLabel.textContent.trim() }) : "";
      text = `${where} “${data.error}”`.trim();
    }
    $("error-text").textContent = text;
    $("error-hint").textContent = t("make.error_hint", { button: t("make.generate") });
    $("error").hidden = false;
    for (const el of document.querySelectorAll("[aria-invalid]")) if (el.id !== "words") el.removeAttribute("aria-invalid");
    const control = data.option && $(data.option);
    if (control) control.setAttribute("aria-invalid", "true");
    say(t("make.failed", { reason: text }));
    bringIntoView();
  }

  function show(made) {
    state.last = made;
    $("error").hidden = true;
    $("placeholder").hidden = true;
    for (const el of document.querySelectorAll("[aria-invalid]")) if (el.id !== "words") el.removeAttribute("aria-invalid");
    $("stale").hidden = true;
    document.querySelector("input[name=view][value=puzzle]").checked = true;
    const p = made.puzzle;
    const heading = t("make.result", { words: count("make.words_n", p.words.length), cols: p.cols, rows: p.rows });
    $("result-heading").textContent = heading;
    // The teacher's PDF has the key; Play online is the pupils' page (the address a
    // teacher may copy from the browser's bar), the teacher's page is its own link.
    $("pdf").href = made.links.teacher.pdf;
    $("play").href = made.links.play;
    $("teacher").href = made.links.teacher.play;
    $("code").textContent = p.code;
    showAdded(p.words.filter((w) => w.added).map((w) => w.label || w.word));
    $("print-puzzle").src = made.links.svg;
    $("print-key").src = made.links.teacher.key_svg;
    view();
    $("result").hidden = false;
    document.body.classList.add("has-result");
    say(t("make.made", { heading }));
    bringIntoView();
    $("sheet").decode().then(bringIntoView, () => null);  // taller once the sheet is drawn
  }

  function showAdded(added) {
    $("added").hidden = !added.length;
    if (added.length) $("added-text").textContent = count("make.added", added.length, { words: added.join(", ") });
  }

  // On a narrow screen the preview is below the form: the page moves it to the top
  // of the window. On a wide one it stays beside the form, in view.
  const WIDE = window.matchMedia("(min-width: 60rem)");
  function bringIntoView() {
    if (!WIDE.matches) $("preview").scrollIntoView({ block: "start" });
  }

  function view() {
    if (!state.last) return;
    const key = document.querySelector("input[name=view]:checked").value === "key";
    const p = state.last.puzzle;
    $("sheet").src = key ? state.last.links.teacher.key_svg : state.last.links.svg;
    $("sheet").alt = t(key ? "make.sheet_key" : "make.sheet_puzzle", { cols: p.cols, rows: p.rows, words: count("make.words_n", p.words.length) });
  }

  // Resolves to whether a puzzle was made.
  async function generate(fresh) {
    if (!directions().length) {
      showError({ error: t("make.no_directions"), mine: true });
      return false;
    }
    const body = request();
    const seed = $("seed").value.trim();
    if (fresh) $("seed").value = "";
    else if (seed) body.seed = seed;
    clearResult();
    $("error").hidden = true;
    $("generate").disabled = true;
    $("generate").textContent = t("make.making");
    say(t("make.making"));
    const { ok, data } = await call("POST", "/api/puzzles", body);
    $("generate").disabled = false;
    $("generate").textContent = t("make.generate");
    if (ok) show(data);
    else showError(data);
    return ok;
  }

  // The page's choices changed after a puzzle was made: it is no longer what they make.
  function choicesChanged(event) {
    if (!state.last || event.target.closest("#set-box, .ui-lang")) return;
    $("stale").textContent = t("make.stale", { button: t("make.generate") });
    $("stale").hidden = false;
  }

  // The pupils' link to the clipboard; where the browser allows no clipboard (a
  // page not served over https, an older browser), in a field to copy by hand.
  async function copyPupilLink() {
    if (!state.last) return;
    const url = new URL(state.last.links.play, location.href).href;
    try {
      await navigator.clipboard.writeText(url);
    } catch (e) {
      $("copied").hidden = true;
      $("pupil-link").value = url;
      $("pupil-link-box").hidden = false;
      $("pupil-link").focus();
      $("pupil-link").select();
      return;
    }
    $("pupil-link-box").hidden = true;
    $("copied").textContent = t("make.copied", { url });
    $("copied").hidden = false;
    say(t("make.copied", { url }));
  }

  async function printSheets() {
    const images = [$("print-puzzle"), $("print-key")];
    await Promise.all(images.map((img) => img.decode().catch(() => null)));
    const sheet = [...document.styleSheets].find((s) => s.href && s.href.endsWith("/static/style.css"));
    const width = images[0].naturalWidth, height = images[0].naturalHeight;
    if (sheet && width && height) {
      [...sheet.cssRules].forEach((rule, i) => { if (rule.type === CSSRule.PAGE_RULE && rule.style.size) sheet.deleteRule(i); });
      sheet.insertRule(`@page { size: ${width}px ${height}px; margin: 0; }`, sheet.cssRules.length);
    }
    window.print();
  }

  async function upload(file) {
    $("upload-note").textContent = t("make.upload_reading");
    const { ok, data } = await call("POST", "/api/masks", file, "image/png");
    if (!ok) {
      const text = UI === "en" ? data.error : `${t("make.upload_failed")} “${data.error}”`;
      $("upload-note").textContent = text;
      $("shape-preview").hidden = true;
      say(text);
      return;
    }
    const p = data.preview;
    const picture = shapePicture(p);
    const note = t("make.upload_done", { cells: p.cells, cols: p.cols, rows: p.rows });
    $("upload-note").textContent = note;
    const img = document.createElement("img");
    img.src = picture;
    img.alt = "";
    $("shape-preview").replaceChildren(img);
    $("shape-preview").setAttribute("aria-label", t("make.upload_preview"));
    $("shape-preview").hidden = false;
    if (!state.upload) state.upload = tile($("gallery"), data.mask, t("make.mask_yours"), picture);
    state.upload.value = data.mask;
    state.upload.parentElement.querySelector("img").src = picture;
    state.upload.checked = true;
    say(note);
    scheduleCheck();
  }

  // The shape as the grid will have it, drawn as an SVG picture.
  function shapePicture(p) {
    const cells = [];
    p.grid.forEach((row, r) => [...row].forEach((cell, c) => {
      if (cell === "#") cells.push(`<rect x="${c + 0.06}" y="${r + 0.06}" width="0.88" height="0.88" rx="0.15"/>`);
    }));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${p.cols} ${p.rows}" fill="#1d4f91">${cells.join("")}</svg>`;
    return `data:image/svg+xml,${encodeURIComponent(svg)}`;
  }

  async function makeSet() {
    const body = request();
    const seed = $("seed").value.trim();
    if (seed) body.seed = seed;
    const students = $("students").value.split(/\r\n|\r|\n/).map((s) => s.trim()).filter(Boolean);
    if (students.length) body.students = students;
    else if ($("copies").value.trim() === "") body.copies = null;
    else body.copies = Number($("copies").value);
    if (!students.length && body.copies === null) {
      $("set-status").textContent = t("make.set_blank");
      say(t("make.set_blank"));
      $("copies").focus();
      return;
    }
    body.keys_per_page = Number($("keys_per_page").value);
    $("make-set").disabled = true;
    say(t("make.set_starting"));
    $("set-status").textContent = t("make.set_starting");
    const bar = $("set-progress");
    let { ok, data } = await call("POST", "/api/sets", body);
    while (ok && data.state === "working") {
      bar.hidden = false;
      bar.max = data.total;
      bar.value = data.done;
      $("set-status").textContent = t("make.set_working", { done: data.done, total: data.total });
      await new Promise((resolve) => setTimeout(resolve, 400));
      ({ ok, data } = await call("GET", `/api/sets/${data.id}`));
    }
    $("make-set").disabled = false;
    bar.hidden = true;
    if (!ok || data.state === "failed") {
      const text = t("make.set_failed", { reason: data.error });
      $("set-status").textContent = text;
      say(text);
      return;
    }
    const done = count("make.set_done", data.puzzles, { code: data.code });
    $("set-status").replaceChildren(`${done} `);
    const link = document.createElement("a");
    link.href = data.pdf;
    link.id = "set-pdf";
    link.textContent = t("make.set_download");
    $("set-status").appendChild(link);
    say(done);
    link.click();
  }

  $("words").addEventListener("input", scheduleCheck);
  $("language").addEventListener("change", wordsLanguage);
  $("clue_language").addEventListener("change", wordsLanguage);
  $("grid").addEventListener("change", () => { gridHint(); scheduleCheck(); });
  for (const r of document.querySelectorAll("input[name=age]")) r.addEventListener("change", applyAge);
  $("use-theme").addEventListener("click", useTheme);
  $("form").addEventListener("submit", (e) => { e.preventDefault(); generate(false); });
  $("again").addEventListener("click", () => generate(true));
  $("other-words").addEventListener("click", () => generate(true));
  $("own-words").addEventListener("click", async () => {
    document.querySelector("input[name=room][value=own]").checked = true;
    if (await generate(false)) return;
    document.querySelector("input[name=room][value=added]").checked = true;
    $("error-text").textContent += `\n${t("make.own_failed", { button: t("make.generate") })}`;
  });
  $("form").addEventListener("input", choicesChanged);
  $("form").addEventListener("change", choicesChanged);
  $("print").addEventListener("click", printSheets);
  $("copy-pupil").addEventListener("click", copyPupilLink);
  $("make-set").addEventListener("click", makeSet);
  $("upload").addEventListener("change", (e) => { if (e.target.files[0]) upload(e.target.files[0]); });
  for (const r of document.querySelectorAll("input[name=view]")) r.addEventListener("change", view);
  // Switching the page's language reloads it: what was typed comes along.
  const DRAFT = "wordsearch-draft";
  const KEPT = ["words", "title", "message", "language"];
  document.querySelector("form.ui-lang").addEventListener("submit", () => {
    sessionStorage.setItem(DRAFT, JSON.stringify(Object.fromEntries(KEPT.map((id) => [id, $(id).value]))));
  });
  function restoreDraft() {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT) || "{}");
    sessionStorage.removeItem(DRAFT);
    for (const id of KEPT) if (draft[id]) $(id).value = draft[id];
    if (draft.language) wordsLanguage();
    else if (draft.words) scheduleCheck();
  }
  call("GET", "/api/options").then(({ ok, data }) => {
    if (ok) setup(data);
    else showError(data);
    restoreDraft();
  });
  // Served (not a file): installable, and a puzzle once opened plays offline.
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol) &&
      document.querySelector('link[rel="manifest"]')) {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }
})();
