// The play page: select words in the grid by pointer (press, drag, release), by
// tapping the first and the last letter, or by keyboard (arrow keys, Enter or
// Space at each end, Escape). A selection counts when its end cells hash to a
// word's (render/html.py makes the hashes), so the answers are not in the page.
// A puzzle printed with no word list (hide_words) has its labels veiled too, and
// its list fills in as the words are found. A clue puzzle lists its clues, its
// labels veiled the same way: each word is shown beside its clue once it is found
// (or shown), and a hint marks the clue instead of naming the word. What the page says is in the page's
// language (the html element's lang), its texts in the ui-texts block.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("puzzle-data").textContent);
  const TEXTS = JSON.parse(document.getElementById("ui-texts").textContent);
  const UI = document.documentElement.lang;
  const COMPASS = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1],
                    S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
  const OPPOSITE = { N: "S", NE: "SW", E: "W", SE: "NW", S: "N", SW: "NE", W: "E", NW: "SE" };
  const rows = data.grid.length, cols = Math.max(...data.grid.map((r) => [...r].length));
  const letters = data.grid.map((r) => [...r]);
  const gridEl = document.getElementById("grid");
  const marks = document.getElementById("marks");
  const say = document.getElementById("say");
  const countEl = document.getElementById("count");
  const timerEl = document.getElementById("timer");
  const showButton = document.getElementById("show");  // none when Show answers is off
  const hintButton = document.getElementById("hint");
  const hintsEl = document.getElementById("hints");
  const againButton = document.getElementById("again");
  const dialog = document.getElementById("confirm");
  const ending = document.getElementById("ending");
  const list = document.getElementById("words");
  const SVG = "http://www.w3.org/2000/svg";
  const found = new Set();       // indices of words found
  const cellWords = new Map();   // "r,c" -> the colours of the found words through it
  const cellNames = new Map();   // "r,c" -> {found: [words], shown: [words]} through it
  const COLOURS = 8;             // style.css's --w0 to --w7: Okabe and Ito's palette
  const cells = [];              // cells[r][c] -> element
  let cursor = [0, 0];           // the keyboard's cell
  let start = null;              // the first cell of a tap or keyboard selection
  let drag = null;               // {from, to, moved, id} while a pointer is down
  let shown = false;
  let hints = 0;                 // hints given
  let hintTimer = null;
  let lastHint = -1;             // the word hinted last: the next hint is the next word
  let started = Date.now();
  let stopped = null;

  // The page text `key` with its {placeholders} filled in.
  function t(key, values) {
    let text = TEXTS[key];
    if (text === undefined) throw new Error(`no page text ${key}`);
    for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(value);
    return text;
  }

  // The text for `n` in the page language's plural form (one, few, many, other).
  function plural(key, n, values) {
    const form = new Intl.PluralRules(UI).select(n);
    const chosen = TEXTS[`${key}.${form}`] !== undefined ? `${key}.${form}` : `${key}.other`;
    return t(chosen, { n: n.toLocaleString(UI), ...(values || {}) });
  }

  // cyrb53 over UTF-16 code units: render/html.py's line_hash() is its twin.
  function lineHash(text) {
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
  }

  function endsKey(a, b) {
    const [p, q] = (a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1])) ? [a, b] : [b, a];
    return `${data.salt}|${p[0]},${p[1]}|${q[0]},${q[1]}`;
  }

  function unveil(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    for (let i = 0; i < bytes.length; i++) bytes[i] ^= data.salt.charCodeAt(i % data.salt.length);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  // Progress is kept in localStorage under the puzzle's code and grid, to survive a
  // reload and a closed tab; where storage is refused (some browsers, for a page
  // opened from a file), the page plays on without it.
  const KEY = `wordsearch:${data.code}:${lineHash(data.grid.join("\n"))}`;
  let keeping = true;            // false once the progress is cleared, before a reload

  function load() {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) || "null");
      return saved && typeof saved === "object" ? saved : null;
    } catch (e) {
      return null;
    }
  }

  function save() {
    if (!keeping) return;
    try {
      localStorage.setItem(KEY, JSON.stringify({ found: [...found], elapsed: elapsed(), hints, shown }));
    } catch (e) { /* no storage: progress lasts as long as the page */ }
  }

  // Progress cleared, and the page loaded afresh.
  function restart() {
    keeping = false;
    try {
      localStorage.removeItem(KEY);
    } catch (e) { /* nothing was kept */ }
    location.reload();
  }

  const clues = Boolean(data.clue_language);
  // a list of pictures alone: each word written beside its picture once found
  const only = data.pictures === "only";
  const labels = data.words.map((w) => (data.hide_words || clues || only ? unveil(w.label) : w.label));
  let placed = null;

  // Word i's cells, from its first letter to its last (the answers, unveiled once
  // a hint or Show answers needs them).
  function cellsOf(i) {
    placed = placed || unveil(data.answers);
    const [r, c, d] = placed[i];
    return Array.from({ length: data.words[i].length },
                      (_, k) => [r + k * COMPASS[d][0], c + k * COMPASS[d][1]]);
  }

  // The cells from a to b when they make a straight line in one of the puzzle's
  // directions (or its reverse, since a word may be traced either way round).
  function line(a, b) {
    const dr = Math.sign(b[0] - a[0]), dc = Math.sign(b[1] - a[1]);
    const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
    if (n === 0) return [a];
    if (!(a[0] === b[0] || a[1] === b[1] || Math.abs(b[0] - a[0]) === Math.abs(b[1] - a[1]))) {
      return null;
    }
    const name = Object.keys(COMPASS).find((k) => COMPASS[k][0] === dr && COMPASS[k][1] === dc);
    if (!data.directions.includes(name) && !data.directions.includes(OPPOSITE[name])) return null;
    const out = [];
    for (let k = 0; k <= n; k++) out.push([a[0] + k * dr, a[1] + k * dc]);
    return out;
  }

  // A cell outside the shape is "." in the grid, or missing from a shorter row.
  function outside(r, c) {
    return letters[r][c] === "." || letters[r][c] === undefined;
  }

  // A cell's name for a screen reader: its letter and place, and the words found
  // or shown through it ("A, row 8, column 7, part of Planet, shown").
  function label(r, c) {
    const what = outside(r, c) ? t("play.blank") : letters[r][c];
    const names = cellNames.get(`${r},${c}`) || { found: [], shown: [] };
    const and = (words) => (Intl.ListFormat ? new Intl.ListFormat(UI).format(words) : words.join(", "));
    return [t("play.cell", { letter: what, row: r + 1, col: c + 1 }),
            ...["found", "shown"].filter((how) => names[how].length)
              .map((how) => t(`play.part_${how}`, { words: and(names[how]) }))].join(", ");
  }

  // Word i's cells, found or shown, say so in their names.
  function name(path, i, how) {
    for (const [r, c] of path) {
      const key = `${r},${c}`;
      const names = cellNames.get(key) || { found: [], shown: [] };
      names[how].push(labels[i]);
      cellNames.set(key, names);
      cells[r][c].setAttribute("aria-label", label(r, c));
    }
  }

  function build() {
    const box = gridEl.closest(".grid-box");
    box.style.setProperty("--cols", cols);
    box.style.setProperty("--rows", rows);
    marks.setAttribute("viewBox", `0 0 ${cols} ${rows}`);
    for (let r = 0; r < rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      cells.push([]);
      for (let c = 0; c < cols; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "cell" + (outside(r, c) ? " outside" : "");
        cell.textContent = outside(r, c) ? "" : letters[r][c];
        cell.dataset.r = r;
        cell.dataset.c = c;
        cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
        cell.setAttribute("aria-label", label(r, c));
        row.appendChild(cell);
        cells[r].push(cell);
      }
      gridEl.appendChild(row);
    }
    if (!data.hide_words) data.words.forEach((w, i) => entry(i));
    count();
  }

  // What was kept from an earlier visit: the words found (in the order found), the
  // time so far (the timer goes on from there), the hints, the answers if shown.
  let restoring = false;         // true while the last visit's progress is put back

  function restore() {
    const saved = load();
    if (!saved) return;
    restoring = true;
    started = Date.now() - Math.max(0, Number(saved.elapsed) || 0);
    hints = Number.isInteger(saved.hints) && saved.hints > 0 ? saved.hints : 0;
    hintsEl.textContent = t("play.hints", { n: hints });
    const kept = Array.isArray(saved.found) ? saved.found : [];
    for (const i of new Set(kept.filter((i) => Number.isInteger(i) && i >= 0 && i < data.words.length))) {
      mark(i, cellsOf(i));
    }
    tick();
    if (saved.shown === true) {
      showAnswers();
    } else if (found.size === data.words.length) {
      done();
    } else if (found.size) {
      tell(t("play.restored", { found: found.size, total: data.words.length }));
    }
    restoring = false;
  }

  // Word i's item in the list, added at the end when it is not there yet: a hidden
  // list gets each word once it is found (or shown), in that order.
  function entry(i) {
    let item = document.getElementById(`word-${i}`);
    if (!item) {
      item = document.createElement("li");
      item.id = `word-${i}`;
      if (data.words[i].picture) {
        const picture = document.createElement("img");
        picture.className = "picture";
        picture.src = data.words[i].picture;
        picture.alt = "";
        item.appendChild(picture);
      }
      if (clues) {
        const clue = document.createElement("span");
        clue.className = "clue";
        clue.lang = data.clue_language;
        clue.textContent = data.words[i].clue;
        item.appendChild(clue);
        item.appendChild(document.createTextNode(" — "));
      }
      const word = document.createElement("span");
      word.className = "word";
      // a clue's word: a blank a letter until it is found (the blanks are not read out)
      if (clues) word.setAttribute("aria-hidden", "true");
      word.textContent = clues ? "_".repeat(data.words[i].length).split("").join(" ")
        : only ? "" : labels[i];
      item.appendChild(word);
      list.appendChild(item);
    }
    return item;
  }

  // A clue's word written beside it, once found or shown.
  function written(i) {
    const item = entry(i);
    if (!clues && !only) return item;
    const word = item.querySelector(".word");
    word.textContent = labels[i];
    word.removeAttribute("aria-hidden");
    return item;
  }

  function count() {
    countEl.textContent = t("play.count", { found: found.size, total: data.words.length });
  }

  function highlight(path, className) {
    for (const el of gridEl.querySelectorAll("." + className)) el.classList.remove(className);
    for (const [r, c] of path || []) cells[r][c].classList.add(className);
  }

  // A rounded outline around the cells from a to b, drawn under the letters; with
  // `badge`, a numbered disc just past its end (the same number as the list's).
  function capsule(a, b, className, badge) {
    const [x1, y1, x2, y2] = [a[1] + 0.5, a[0] + 0.5, b[1] + 0.5, b[0] + 0.5];
    const length = Math.hypot(x2 - x1, y2 - y1) + 0.8;
    const angle = Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI;
    const el = document.createElementNS(SVG, "rect");
    el.setAttribute("x", -length / 2);
    el.setAttribute("y", -0.4);
    el.setAttribute("width", length);
    el.setAttribute("height", 0.8);
    el.setAttribute("rx", 0.4);
    el.setAttribute("transform", `translate(${(x1 + x2) / 2} ${(y1 + y2) / 2}) rotate(${angle})`);
    el.setAttribute("class", className);
    marks.appendChild(el);
    if (badge === undefined) return;
    const [ux, uy] = length > 0.81 ? [(x2 - x1) / (length - 0.8), (y2 - y1) / (length - 0.8)] : [1, 0];
    const disc = document.createElementNS(SVG, "g");
    disc.setAttribute("class", `badge ${className.split(" ").slice(1).join(" ")}`);
    // past the last letter; before the first where that is off the board; else kept on it
    const on = ([x, y]) => x >= 0.2 && x <= cols - 0.2 && y >= 0.2 && y <= rows - 0.2;
    const after = [x2 + ux * 0.5, y2 + uy * 0.5], before = [x1 - ux * 0.5, y1 - uy * 0.5];
    const within = (v, most) => Math.min(most - 0.22, Math.max(0.22, v));
    const [bx, by] = on(after) ? after : on(before) ? before : [within(after[0], cols), within(after[1], rows)];
    disc.setAttribute("transform", `translate(${bx} ${by})`);
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("r", 0.25);
    const number = document.createElementNS(SVG, "text");
    number.textContent = badge;
    disc.append(circle, number);
    marks.appendChild(disc);
  }

  // The colour for the n-th word found (from 1): the next round the palette, but
  // never one a word it crosses already has.
  function colourFor(n, path) {
    const taken = new Set(path.flatMap(([r, c]) => cellWords.get(`${r},${c}`) || []));
    for (let k = 0; k < COLOURS; k++) {
      const colour = (n - 1 + k) % COLOURS;
      if (!taken.has(colour)) return colour;
    }
    return (n - 1) % COLOURS;
  }

  function tell(text) {
    say.textContent = text;
  }

  // The line from `from` to `to` as the selection so far (its first cell alone
  // while the line is not one the puzzle allows).
  function select(from, to) {
    highlight(line(from, to) || [from], "selecting");
  }

  // A tap or the keyboard marked the first letter; the next marks the last.
  function begin(at, text) {
    start = at;
    highlight([at], "start");
    highlight([at], "selecting");
    tell(text);
  }

  function clear() {
    start = null;
    highlight(null, "start");
    highlight(null, "selecting");
  }

  function cancel() {
    clear();
    tell(t("play.cancelled"));
  }

  function finish(a, b) {
    clear();
    if (a[0] === b[0] && a[1] === b[1]) return;
    const path = line(a, b);
    if (!path) {
      tell(t("play.not_line"));
      flash(a, b);
      return;
    }
    const hash = lineHash(endsKey(a, b));
    const i = data.words.findIndex((w, k) => !found.has(k) && w.hash === hash);
    if (i < 0) {
      tell(data.words.some((w, k) => found.has(k) && w.hash === hash)
        ? t("play.already") : t("play.not_word"));
      flash(a, b);
      return;
    }
    mark(i, path);
    save();
    const said = t("play.found", { word: labels[i], found: found.size, total: data.words.length });
    if (found.size === data.words.length) done(said);
    else tell(said);
  }

  function flash(a, b) {
    const path = line(a, b) || [a, b];
    highlight(path, "refused");
    setTimeout(() => highlight(null, "refused"), 600);
  }

  // Word i found along `path`: its own colour and number, in the grid and the list.
  function mark(i, path) {
    found.add(i);
    const n = found.size, colour = colourFor(n, path);
    const item = written(i);
    item.classList.add("found", `c${colour}`);
    item.dataset.n = n;
    item.setAttribute("aria-label", t("play.word_found", {
      word: clues ? `${data.words[i].clue}: ${labels[i]}` : labels[i] }));
    const own = cellsOf(i);  // first to last letter, whichever way it was traced
    capsule(own[0], own[own.length - 1], `found-line c${colour}`, n);
    for (const [r, c] of path) {
      const key = `${r},${c}`;
      cellWords.set(key, [...(cellWords.get(key) || []), colour]);
      cells[r][c].classList.add("found");
    }
    name(path, i, "found");
    count();
    trayRoom();
  }

  // Every word found (or shown): said once, after what the last find said.
  function done(before) {
    stopped = Date.now();
    tick();
    const time = timerEl.textContent;
    let text = shown ? t("play.all_shown") : plural("play.all_found", data.words.length, { time });
    if (data.message && !shown) text += ` ${reveal(unveil(data.message))}`;
    tell(before ? `${before} ${text}` : text);
    end();
    save();
  }

  // The ending, once every word is found or shown: what it took and what next.
  // Nothing more to find, so no more hints and no Show answers.
  function end() {
    if (showButton) showButton.disabled = true;
    hintButton.disabled = true;
    highlight(null, "hinted");
    const finished = found.size === data.words.length && !shown;
    document.getElementById("ending-title").textContent = finished ? t("play.well_done")
      : t("play.ending_shown", { found: found.size, total: data.words.length });
    document.getElementById("ending-summary").textContent =
      [`${t("play.time")} ${timerEl.textContent}`, t("play.hints", { n: hints })].join(" · ");
    ending.classList.toggle("celebrate", finished);
    ending.hidden = false;
    if (restoring) return;
    if (finished) {
      // The page moves under the finger that found the last word: the click a
      // phone makes of that tap must not land on Play again.
      ending.inert = true;
      setTimeout(() => { ending.inert = false; }, 800);
    }
    ending.scrollIntoView({ block: "nearest" });
  }

  // The next word not found yet (after the one hinted last, round the list): its
  // first letter marked for a few seconds, and said.
  function hint() {
    const left = data.words.map((w, i) => i).filter((i) => !found.has(i));
    if (stopped || !left.length) return;
    const i = left.find((k) => k > lastHint) ?? left[0];
    lastHint = i;
    hints += 1;
    hintsEl.textContent = t("play.hints", { n: hints });
    save();
    const [r, c] = cellsOf(i)[0];
    highlight([[r, c]], "hinted");
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => highlight(null, "hinted"), 4000);
    cells[r][c].scrollIntoView({ block: "nearest", inline: "nearest" });
    if (clues) {
      // the clue marked, not the word named: naming it would give the answer away
      for (const el of list.querySelectorAll(".hinted")) el.classList.remove("hinted");
      const item = entry(i);
      item.classList.add("hinted");
      setTimeout(() => item.classList.remove("hinted"), 4000);
      tell(t("play.hint_clue", { clue: data.words[i].clue.replace(/^\d+\. /, ""),
                                 row: r + 1, col: c + 1 }));
    } else {
      tell(data.hide_words ? t("play.hint_hidden", { row: r + 1, col: c + 1 })
        : t("play.hint_word", { word: labels[i], row: r + 1, col: c + 1 }));
    }
  }

  // The little dialog that asks before a step that cannot be undone; `then` runs
  // on yes. Focus goes back where the player was (the grid's cell if that is gone).
  let asked = null;              // {then, back} while the dialog asks

  function ask(question, yes, then) {
    asked = { then, back: document.activeElement };
    document.getElementById("confirm-question").textContent = question;
    document.getElementById("confirm-yes").textContent = yes;
    dialog.showModal();
    document.getElementById("confirm-no").focus();
  }

  // The dialog's answer: yes does the step at once; no, Escape or a close put
  // the player back where they were.
  function answer(yes) {
    if (!asked) return;
    const { then, back } = asked;
    asked = null;
    if (dialog.open) dialog.close();
    if (yes) then();
    refocus(back);
  }

  function refocus(el) {
    if (!ending.hidden && (!el || el.disabled)) {
      ending.focus();
    } else if (el && el !== document.body && document.contains(el) && !el.disabled) {
      el.focus();
    } else {
      cells[cursor[0]][cursor[1]].focus();
    }
  }

  // The hidden message's blanks filled in with the letters left over, and the
  // message as typed for a screen reader; what to announce.
  function reveal(message) {
    const section = document.getElementById("message");
    section.querySelectorAll(".blank").forEach((blank, i) => {
      blank.textContent = message.letters[i];
    });
    section.classList.add("revealed");
    document.getElementById("message-text").textContent = message.text;
    return `${document.getElementById("message-label").textContent}: ${message.text}`;
  }

  function showAnswers() {
    if (shown) return;
    shown = true;
    const answers = unveil(data.answers);
    answers.forEach(([r, c, d], i) => {
      if (found.has(i)) return;
      const n = data.words[i].length - 1;
      const end = [r + n * COMPASS[d][0], c + n * COMPASS[d][1]];
      capsule([r, c], end, "shown-line");
      written(i).classList.add("shown");
      name(cellsOf(i), i, "shown");
    });
    if (showButton) showButton.textContent = t("play.shown_button");
    stopped = stopped || Date.now();
    tick();
    tell(t("play.answers_shown"));
    end();
    save();
  }

  function elapsed() {
    return (stopped || Date.now()) - started;
  }

  function tick() {
    const seconds = Math.floor(elapsed() / 1000);
    timerEl.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  function cellOf(target) {
    const el = target && target.closest ? target.closest(".cell") : null;
    return el && gridEl.contains(el) ? [Number(el.dataset.r), Number(el.dataset.c)] : null;
  }

  function same(a, b) {
    return a && b && a[0] === b[0] && a[1] === b[1];
  }

  function moveCursor(r, c, focus) {
    cells[cursor[0]][cursor[1]].tabIndex = -1;
    cursor = [r, c];
    const el = cells[r][c];
    el.tabIndex = 0;
    if (focus) el.focus();
    if (start) select(start, cursor);
  }

  // Big grids on small screens: where the grid's cells would be under 24 px across,
  // the grid is drawn with bigger cells (28 px to start with) inside a viewport that
  // scrolls (its scrollbars, or two fingers on the grid, which also pinch to zoom),
  // with Zoom out and Zoom in buttons. One finger still selects, and a pointer's
  // cell is found from where it is on the screen, however the viewport is scrolled.
  const viewport = document.getElementById("viewport");
  const gridBox = viewport.parentElement;
  const zoomBox = document.getElementById("zoom");
  const zoomIn = document.getElementById("zoom-in");
  const zoomOut = document.getElementById("zoom-out");
  const SMALLEST = 24, FIRST = 28, SIZES = [24, 28, 32, 40, 48];
  let cellSize = 0;              // px a cell when zoomed; 0 when the grid fits the page

  // The cells `size` px across (0: fit the page), keeping the point `about` (px in
  // the viewport's box; its middle by default) where it is.
  function zoomTo(size, about) {
    const old = cellSize || viewport.clientWidth / cols;
    const [x, y] = about || [viewport.clientWidth / 2, viewport.clientHeight / 2];
    const left = viewport.scrollLeft, top = viewport.scrollTop;
    cellSize = size;
    viewport.classList.toggle("zoomed", size > 0);
    gridBox.style.setProperty("--cell", `${size}px`);
    zoomBox.hidden = size === 0;
    if (!size) return;
    zoomOut.setAttribute("aria-disabled", String(size <= SIZES[0]));
    zoomIn.setAttribute("aria-disabled", String(size >= SIZES[SIZES.length - 1]));
    viewport.scrollLeft = (left + x) * size / old - x;
    viewport.scrollTop = (top + y) * size / old - y;
  }

  // Zoomed when the page is too narrow for 24 px cells, and the viewport as high as
  // the window has room for under the grid's top and above the word tray.
  function fit() {
    const natural = viewport.clientWidth / cols;
    if (natural >= SMALLEST) {
      if (cellSize) zoomTo(0);
    } else if (!cellSize) {
      zoomTo(FIRST);
      viewport.scrollLeft = viewport.scrollTop = 0;  // from the top left corner
    }
    const top = viewport.getBoundingClientRect().top + window.scrollY;
    const tray = narrow() ? trayEl.offsetHeight : 0;
    const room = window.innerHeight - top - tray - 8;
    viewport.style.setProperty("--view-h", `${Math.max(room, Math.min(240, window.innerHeight * 0.5))}px`);
  }

  // The next size up or down (none past the ends: the button says aria-disabled).
  function step(by) {
    const next = by > 0 ? SIZES.find((s) => s > cellSize) : [...SIZES].reverse().find((s) => s < cellSize);
    if (cellSize && next) zoomTo(next);
  }
  zoomIn.addEventListener("click", () => step(1));
  zoomOut.addEventListener("click", () => step(-1));

  // Two fingers on the grid: the selection dropped, the viewport panned and pinched.
  const fingers = new Map();     // pointerId -> [x, y] of each finger on the grid
  let pan = null;                // {x, y, distance, size} while two fingers are down

  function spread() {
    const [[x1, y1], [x2, y2]] = [...fingers.values()];
    return { x: (x1 + x2) / 2, y: (y1 + y2) / 2, distance: Math.hypot(x2 - x1, y2 - y1) };
  }

  gridEl.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      fingers.set(e.pointerId, [e.clientX, e.clientY]);
      if (fingers.size === 2) {
        e.preventDefault();
        drag = null;
        highlight(null, "selecting");
        if (cellSize) pan = { ...spread(), size: cellSize };
        return;
      }
      if (fingers.size > 2) return;
    }
    const at = cellOf(e.target);
    if (!at || shown) return;
    e.preventDefault();
    drag = { from: at, to: at, moved: false, id: e.pointerId };
    gridEl.setPointerCapture(e.pointerId);
    moveCursor(at[0], at[1], false);
    select(at, at);
  });

  // Whether the event is the pointer that is dragging (another finger is not).
  function dragging(e) {
    return drag !== null && e.pointerId === drag.id;
  }

  gridEl.addEventListener("pointermove", (e) => {
    if (fingers.has(e.pointerId)) fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pan && fingers.size === 2 && fingers.has(e.pointerId)) {
      const now = spread();
      viewport.scrollLeft -= now.x - pan.x;
      viewport.scrollTop -= now.y - pan.y;
      // a pinch once the fingers have spread or closed by a fifth (not the wobble of a pan)
      const ratio = now.distance / Math.max(pan.distance, 1);
      pan.pinch = pan.pinch || Math.abs(ratio - 1) > 0.2;
      const size = Math.round(Math.min(SIZES[SIZES.length - 1], Math.max(SIZES[0], pan.size * ratio)));
      if (pan.pinch && size !== cellSize) {
        const box = viewport.getBoundingClientRect();
        zoomTo(size, [now.x - box.left, now.y - box.top]);
      }
      pan.x = now.x;
      pan.y = now.y;
      return;
    }
    if (!dragging(e)) return;
    drag.x = e.clientX;
    drag.y = e.clientY;
    dragTo(e.clientX, e.clientY);
    if (cellSize && !edgeScroll) edgeScroll = requestAnimationFrame(scrollAtEdge);
  });

  function dragTo(x, y) {
    const at = cellOf(document.elementFromPoint(x, y));
    if (!at || same(at, drag.to)) return;
    drag.to = at;
    drag.moved = drag.moved || !same(at, drag.from);
    select(drag.from, at);
  }

  // A drag held near the zoomed viewport's edge scrolls it that way, so a word longer
  // than the viewport shows can be traced in one go.
  let edgeScroll = 0;

  function scrollAtEdge() {
    edgeScroll = 0;
    if (!drag || !cellSize || drag.x === undefined) return;
    const box = viewport.getBoundingClientRect(), edge = cellSize;
    const speed = (p, low, high) => (p < low + edge ? -1 : p > high - edge ? 1 : 0) * Math.max(2, cellSize / 12);
    const dx = speed(drag.x, box.left, box.right), dy = speed(drag.y, box.top, box.bottom);
    if (!dx && !dy) return;
    const [left, top] = [viewport.scrollLeft, viewport.scrollTop];
    viewport.scrollLeft += dx;
    viewport.scrollTop += dy;
    if (viewport.scrollLeft === left && viewport.scrollTop === top) return;
    dragTo(Math.min(box.right - 2, Math.max(box.left + 2, drag.x)),
           Math.min(box.bottom - 2, Math.max(box.top + 2, drag.y)));
    edgeScroll = requestAnimationFrame(scrollAtEdge);
  }

  function lift(e) {
    fingers.delete(e.pointerId);
    if (fingers.size < 2) pan = null;
  }

  function release(e) {
    lift(e);
    if (!dragging(e)) return;
    const { from, to, moved } = drag;
    drag = null;
    if (moved) {
      finish(from, to);
    } else if (start && !same(start, from)) {
      finish(start, from);
    } else if (start) {
      cancel();
    } else {
      begin(from, t("play.first_tap", { letter: letters[from[0]][from[1]], row: from[0] + 1,
                                        col: from[1] + 1 }));
    }
  }
  gridEl.addEventListener("pointerup", release);
  gridEl.addEventListener("pointercancel", (e) => {
    lift(e);
    if (dragging(e)) {
      drag = null;
      highlight(null, "selecting");
    }
  });

  gridEl.addEventListener("keydown", (e) => {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) {
      e.preventDefault();
      const r = Math.min(rows - 1, Math.max(0, cursor[0] + steps[e.key][0]));
      const c = Math.min(cols - 1, Math.max(0, cursor[1] + steps[e.key][1]));
      moveCursor(r, c, true);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      moveCursor(cursor[0], e.key === "Home" ? 0 : cols - 1, true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (shown) return;
      if (start) {
        finish(start, cursor);
      } else {
        begin(cursor, t("play.first_key", { letter: letters[cursor[0]][cursor[1]] }));
      }
    } else if (e.key === "Escape" && start) {
      e.preventDefault();
      cancel();
    }
  });
  gridEl.addEventListener("focusin", (e) => {
    const at = cellOf(e.target);
    if (at && !same(at, cursor)) moveCursor(at[0], at[1], false);
  });

  if (showButton) showButton.addEventListener("click", () => {
    if (!shown && !stopped) ask(t("play.confirm_show"), t("play.confirm_show_yes"), showAnswers);
  });
  hintButton.addEventListener("click", hint);
  document.getElementById("confirm-yes").addEventListener("click", () => answer(true));
  document.getElementById("confirm-no").addEventListener("click", () => answer(false));
  dialog.addEventListener("close", () => answer(false));
  againButton.addEventListener("click", () => {
    ask(t("play.confirm_again"), t("play.confirm_again_yes"), restart);
  });
  document.getElementById("play-again").addEventListener("click", restart);
  // A new layout is made by the server: offline, the form would lead nowhere.
  const newLayout = document.getElementById("new-layout");
  if (newLayout) newLayout.addEventListener("submit", (event) => {
    if (navigator.onLine) return;
    event.preventDefault();
    ask(t("play.offline_new"), t("play.play_again"), restart);
  });
  document.getElementById("print").addEventListener("click", () => window.print());
  // On a narrow screen the word list is a tray fixed at the foot of the window
  // (style.css), the words not found first; it folds away to its heading, and the
  // page keeps room for it below everything else.
  const trayEl = document.getElementById("tray");
  const trayToggle = document.getElementById("tray-toggle");
  const NARROW = window.matchMedia("(max-width: 40rem)");

  function narrow() {
    return NARROW.matches;
  }

  function trayRoom() {
    document.documentElement.style.setProperty("--tray", `${narrow() ? trayEl.offsetHeight : 0}px`);
    // a list that scrolls can be scrolled from the keyboard too
    if (list.scrollHeight > list.clientHeight + 1) list.tabIndex = 0;
    else list.removeAttribute("tabindex");
  }
  trayToggle.addEventListener("click", () => {
    const open = trayToggle.getAttribute("aria-expanded") !== "true";
    trayToggle.setAttribute("aria-expanded", String(open));
    trayEl.classList.toggle("collapsed", !open);
    trayRoom();
  });
  if (window.ResizeObserver) new ResizeObserver(trayRoom).observe(trayEl);
  window.addEventListener("resize", () => {
    trayRoom();
    fit();
  });

  // Served (not a file): installable, and a puzzle once opened plays offline.
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol) &&
      document.querySelector('link[rel="manifest"]')) {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }
  build();
  trayRoom();
  fit();
  restore();
  setInterval(() => {
    if (stopped) return;
    tick();
    save();
  }, 1000);
  window.addEventListener("pagehide", save);
})();
