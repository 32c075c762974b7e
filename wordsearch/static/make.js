// The make page: every choice becomes one JSON request to the API, which answers
// with the puzzle or with the library's own message. A failure leaves the last
// good puzzle on screen.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const state = { last: null, mask: null, difficulties: {}, checkTimer: null, checking: 0 };

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
      return { ok: false, status: 0, data: { error: "the server cannot be reached; is it still running?" } };
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `the server answered ${response.status} without a message.` };
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
    for (const size of options.page_sizes) option($("page_size"), size, size);
    for (let n = 8; n <= options.limits.side; n += n < 20 ? 1 : 5) option($("grid"), n, `${n} × ${n}`);
    for (const l of options.languages) option($("language"), l.code, l.name);
    $("language").value = options.default_language;
    $("page_size").value = options.default_page_size;
    state.difficulties = options.difficulties;
    const box = $("directions");
    for (const d of options.directions) {
      const label = document.createElement("label");
      label.className = "inline";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = d;
      input.name = "direction";
      input.addEventListener("change", () => { $("difficulty").value = matchingPreset(); });
      label.append(input, ` ${d}`);
      box.appendChild(label);
    }
    applyPreset();
    const gallery = $("gallery");
    tile(gallery, "", "No shape", null);
    for (const name of options.masks) tile(gallery, name, name, `/api/masks/${encodeURIComponent(name)}.png`);
    gallery.querySelector("input").checked = true;
  }

  function tile(gallery, value, text, src) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "mask";
    input.value = value;
    input.addEventListener("change", () => { state.mask = value || null; });
    const box = document.createElement("span");
    box.className = "tile";
    if (src) {
      const img = document.createElement("img");
      img.src = src;
      img.alt = "";
      box.appendChild(img);
    } else {
      const none = document.createElement("span");
      none.className = "none";
      none.textContent = "▢";
      box.appendChild(none);
    }
    label.append(input, box, text);
    gallery.appendChild(label);
    return input;
  }

  function checked() {
    return [...document.querySelectorAll("input[name=direction]")].filter((i) => i.checked).map((i) => i.value);
  }

  function matchingPreset() {
    const now = checked().join(",");
    return Object.keys(state.difficulties).find((k) => state.difficulties[k].join(",") === now) || "custom";
  }

  function applyPreset() {
    const chosen = state.difficulties[$("difficulty").value];
    if (!chosen) return;
    for (const input of document.querySelectorAll("input[name=direction]")) input.checked = chosen.includes(input.value);
  }

  function lines() {
    return $("words").value.split(/\r\n|\r|\n/);
  }

  async function checkWords() {
    const ticket = ++state.checking;
    const sent = lines();
    const { ok, data } = await call("POST", "/api/words", { words: sent, language: $("language").value });
    if (ticket !== state.checking) return;
    const list = $("lines");
    list.replaceChildren();
    if (!ok) {
      $("ready").textContent = data.error;
      return;
    }
    for (const line of data.lines) {
      if (line.state !== "error" && line.state !== "duplicate") continue;
      const item = document.createElement("li");
      item.className = line.state;
      item.textContent = line.state === "duplicate" ? `Line ${line.line}: ${line.message}` : line.message;
      list.appendChild(item);
    }
    const bad = data.lines.filter((l) => l.state === "error").length;
    const twice = data.lines.filter((l) => l.state === "duplicate").length;
    let text = data.ready === 1 ? "1 word ready" : `${data.ready} words ready`;
    if (bad) text += `, ${bad} line${bad === 1 ? "" : "s"} to fix`;
    if (twice) text += `, ${twice} listed twice`;
    $("ready").textContent = `${text}.`;
  }

  function request() {
    const body = { words: lines().filter((l) => l.trim()) };
    const title = $("title").value.trim();
    if (title) body.title = title;
    body.fields = $("fields").value.split(",").map((f) => f.trim()).filter(Boolean);
    body.page_size = $("page_size").value;
    if ($("grid").value) body.grid = Number($("grid").value);
    const preset = $("difficulty").value;
    if (preset === "custom") body.directions = checked();
    else body.difficulty = preset;
    body.language = $("language").value;
    if (state.mask) body.mask = state.mask;
    const message = $("message").value.trim();
    if (message) {
      body.message = message;
      if ($("no_added_words").checked) body.no_added_words = true;
    }
    return body;
  }

  function showError(data) {
    $("error").textContent = data.error;
    for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const control = data.option && $(data.option);
    if (control) control.setAttribute("aria-invalid", "true");
  }

  function show(made) {
    state.last = made;
    $("error").textContent = "";
    for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    $("result").hidden = false;
    $("pdf").href = made.links.pdf;
    $("play").href = made.links.play;
    $("code").textContent = made.puzzle.code;
    view();
    $("again").disabled = false;
  }

  function view() {
    if (!state.last) return;
    const key = document.querySelector("input[name=view]:checked").value === "key";
    $("sheet").src = key ? state.last.links.key_svg : state.last.links.svg;
    $("sheet").alt = `${key ? "Answer key" : "Puzzle"}: ${state.last.puzzle.cols} by ${state.last.puzzle.rows} grid, ${state.last.puzzle.words.length} words`;
  }

  async function generate(again) {
    const body = request();
    const seed = $("seed").value.trim();
    if (again) $("seed").value = "";
    else if (seed) body.seed = seed;
    for (const b of [$("generate"), $("again")]) b.disabled = true;
    $("error").textContent = again ? "Making a new layout…" : "Making the puzzle…";
    const { ok, data } = await call("POST", "/api/puzzles", body);
    $("generate").disabled = false;
    $("again").disabled = !state.last && !ok;
    if (ok) show(data);
    else showError(data);
  }

  async function upload(file) {
    $("upload-note").textContent = "Reading the drawing…";
    const { ok, data } = await call("POST", "/api/masks", file, "image/png");
    if (!ok) {
      $("upload-note").textContent = data.error;
      $("shape-preview").hidden = true;
      return;
    }
    const p = data.preview;
    $("upload-note").textContent = `Your shape: ${p.cells} cells at ${p.cols} × ${p.rows}.`;
    const svg = $("shape-preview");
    svg.setAttribute("viewBox", `0 0 ${p.cols} ${p.rows}`);
    svg.replaceChildren();
    p.grid.forEach((row, r) => [...row].forEach((cell, c) => {
      if (cell !== "#") return;
      const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      rect.setAttribute("x", c + 0.05);
      rect.setAttribute("y", r + 0.05);
      rect.setAttribute("width", 0.9);
      rect.setAttribute("height", 0.9);
      svg.appendChild(rect);
    }));
    svg.hidden = false;
    let input = document.querySelector("#gallery input[data-upload]");
    if (!input) {
      input = tile($("gallery"), data.mask, "Your shape", null);
      input.dataset.upload = "1";
    }
    input.value = data.mask;
    input.checked = true;
    state.mask = data.mask;
  }

  async function makeSet() {
    const body = request();
    const seed = $("seed").value.trim();
    if (seed) body.seed = seed;
    const students = $("students").value.split(/\r\n|\r|\n/).map((s) => s.trim()).filter(Boolean);
    if (students.length) body.students = students;
    else body.copies = Number($("copies").value);
    body.keys_per_page = Number($("keys_per_page").value);
    $("make-set").disabled = true;
    $("set-status").textContent = "Starting…";
    const bar = $("set-progress");
    let { ok, data } = await call("POST", "/api/sets", body);
    while (ok && data.state === "working") {
      bar.hidden = false;
      bar.max = data.total;
      bar.value = data.done;
      $("set-status").textContent = `${data.done} of ${data.total} puzzles made…`;
      await new Promise((resolve) => setTimeout(resolve, 400));
      ({ ok, data } = await call("GET", `/api/sets/${data.id}`));
    }
    $("make-set").disabled = false;
    if (!ok || data.state === "failed") {
      bar.hidden = true;
      $("set-status").textContent = `The set could not be made: ${data.error}`;
      return;
    }
    bar.value = bar.max = data.total;
    $("set-status").replaceChildren(`${data.total} puzzles made, code ${data.code}. `);
    const link = document.createElement("a");
    link.href = data.pdf;
    link.id = "set-pdf";
    link.textContent = "Download the class set PDF";
    $("set-status").appendChild(link);
    link.click();
  }

  $("words").addEventListener("input", () => {
    clearTimeout(state.checkTimer);
    state.checkTimer = setTimeout(checkWords, 250);
  });
  $("language").addEventListener("change", checkWords);
  $("difficulty").addEventListener("change", applyPreset);
  $("form").addEventListener("submit", (e) => { e.preventDefault(); generate(false); });
  $("again").addEventListener("click", () => generate(true));
  $("print").addEventListener("click", () => window.print());
  $("make-set").addEventListener("click", makeSet);
  $("upload").addEventListener("change", (e) => { if (e.target.files[0]) upload(e.target.files[0]); });
  for (const r of document.querySelectorAll("input[name=view]")) r.addEventListener("change", view);
  call("GET", "/api/options").then(({ ok, data }) => {
    if (ok) setup(data);
    else showError(data);
  });
})();
