// The lessons of `azar serve` (package app/lessons, docs/lessons.md): the
// menu of the four groups, and a lesson's steps one at a time, each a
// board with its text, highlights and arrows. The server judges every
// move (GET /api/lessons, GET /api/lessons/{id}, POST
// /api/lessons/{id}/check); this module only offers the legal moves it
// lists and sends the moves played on the step so far with each move.
// It draws with the page's one board (board.js) and follows the page's
// language. Hooks: docs/app.md, "The lessons".
import { Board, choosePromotion } from "./board.js";
import * as tokens from "./tokens.js";
import { api } from "./api.js";
import { refusalText } from "./refusals.js";

export function createLessons(i18n) {
  const $ = (sel) => document.querySelector(sel);
  const lang = i18n.lang;
  const t = i18n.t;

  const section = $("#lessons");
  const board = new Board($("#lesson-board"), {
    move: (from, to) => tryMove(from, to),
    select: () => render(),
    describe: (name, pc) => name + ", " + (pc ? t("pc-" + pc) : t("emptySquare")),
  });

  let groups = null;   // the menu, in the language it was fetched in
  let lesson = null;   // the lesson shown
  let stepIdx = 0;
  let line = [];       // the moves that stand on the step (the learner's and the engine's)
  let pos = null;      // the board now (the step's, or the last verdict's)
  let verdict = null;  // the last verdict on this step
  let thinking = false;
  let error = "";

  // progress: lesson id -> the steps completed, kept in this browser.
  const progress = (() => { try { return JSON.parse(localStorage.getItem("azar.lessons") || "{}"); } catch (_) { return {}; } })();
  function markDone(id, i) {
    const s = new Set(progress[id] || []);
    s.add(i);
    progress[id] = Array.from(s).sort((a, b) => a - b);
    localStorage.setItem("azar.lessons", JSON.stringify(progress));
  }
  const stepDone = (id, i) => (progress[id] || []).includes(i);

  function show() {
    $("#setup").hidden = true;
    $("#game").hidden = true;
    section.hidden = false;
  }
  function setHash(h) { if (location.hash !== "#" + h) history.replaceState(null, "", "#" + h); }

  // ---- the menu ----
  async function openMenu() {
    show();
    lesson = null;
    setHash("lessons");
    $("#lesson-view").hidden = true;
    $("#lesson-menu").hidden = false;
    try {
      groups = (await api.lessons(lang())).groups;
      error = "";
    } catch (err) {
      error = refusalText(i18n, err);
    }
    renderMenu();
  }

  function renderMenu() {
    const box = $("#lesson-groups");
    box.textContent = "";
    $("#lesson-menu-error").textContent = error;
    $("#lesson-menu-error").hidden = !error;
    for (const g of groups || []) {
      const div = document.createElement("div");
      div.className = "lesson-group";
      div.dataset.group = g.id;
      const h = document.createElement("h3");
      h.textContent = g.title;
      div.append(h);
      for (const l of g.lessons) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "lesson-entry";
        b.dataset.lesson = l.id;
        const done = (progress[l.id] || []).length;
        if (l.tasks && done >= l.tasks) b.classList.add("completed");
        const title = document.createElement("span");
        title.className = "lesson-title";
        title.textContent = l.number + ". " + l.title;
        const meta = document.createElement("span");
        meta.className = "lesson-meta";
        meta.textContent = l.steps + " " + t("steps") + " · " + Math.min(done, l.tasks) + "/" + l.tasks + " " + t("tasks");
        b.append(title, meta);
        div.append(b);
      }
      box.append(div);
    }
  }

  // ---- a lesson ----
  async function openLesson(id, step) {
    show();
    try {
      lesson = await api.lesson(id, lang());
    } catch (err) {
      error = refusalText(i18n, err);
      openMenu();
      return;
    }
    if (!groups) {
      try { groups = (await api.lessons(lang())).groups; } catch (_) { /* the next-lesson button stays hidden */ }
    }
    $("#lesson-menu").hidden = true;
    $("#lesson-view").hidden = false;
    goStep(Math.max(0, Math.min(step || 0, lesson.steps.length - 1)));
  }

  function goStep(i) {
    stepIdx = i;
    line = [];
    verdict = null;
    board.selected = null;
    thinking = false;
    error = "";
    pos = lesson.steps[i].board;
    setHash("lesson=" + lesson.id + "/" + (i + 1));
    render();
  }

  const cur = () => lesson.steps[stepIdx];
  const learnerToMove = () => !thinking && !(verdict && verdict.done) && !!cur().task && pos.turn === cur().task.learner;
  const legal = () => (learnerToMove() ? pos.legal : []);

  const targetsFrom = (from) => tokens.targetsFrom(legal(), from);

  function render() {
    if (!lesson) return;
    const st = cur();
    const flipped = !!st.task && st.task.learner === "b";
    $("#lesson-title").textContent = lesson.number + ". " + lesson.title;
    $("#lesson-intro").textContent = lesson.intro;
    $("#lesson-intro").hidden = stepIdx !== 0;
    $("#lesson-step-count").textContent = t("step") + " " + (stepIdx + 1) + " " + t("of") + " " + lesson.steps.length;
    const dots = $("#lesson-dots");
    dots.textContent = "";
    lesson.steps.forEach((s, i) => {
      const d = document.createElement("span");
      d.className = "lesson-dot" + (i === stepIdx ? " current" : "") + (s.task && stepDone(lesson.id, i) ? " done" : "") + (s.task ? " task" : "");
      dots.append(d);
    });
    $("#lesson-text").textContent = st.text;
    const out = $("#lesson-outcome");
    out.hidden = !st.outcome;
    if (st.outcome) out.textContent = t("outcome") + " " + st.outcome + " (" + t(st.outcome) + ")";
    const pr = $("#lesson-prompt");
    pr.hidden = !st.task;
    if (st.task) pr.textContent = st.task.prompt;
    pr.dataset.kind = st.task ? st.task.kind : "";
    renderVerdict();
    renderStatus();
    $("[data-action=lesson-prev]").disabled = stepIdx === 0;
    const last = stepIdx === lesson.steps.length - 1;
    const next = $("[data-action=lesson-next]");
    next.hidden = last;
    next.classList.toggle("primary", !st.task || !!(verdict && verdict.done));
    const after = nextLesson();
    const nl = $("[data-action=lesson-next-lesson]");
    nl.hidden = !last || !after;
    nl.classList.toggle("primary", !st.task || !!(verdict && verdict.done));
    if (after) nl.dataset.next = after;
    $("[data-action=lesson-retry]").hidden = !st.task || (line.length === 0 && !verdict);
    renderBoard(flipped);
  }

  // nextLesson is the id of the lesson after the one shown, or "".
  function nextLesson() {
    const ids = (groups || []).flatMap((g) => g.lessons.map((l) => l.id));
    const i = ids.indexOf(lesson.id);
    return i >= 0 && i + 1 < ids.length ? ids[i + 1] : "";
  }

  function renderVerdict() {
    const el = $("[data-lesson-verdict]");
    el.hidden = !verdict && !error;
    if (error) {
      el.textContent = error;
      el.dataset.right = "false";
      el.dataset.done = "false";
      return;
    }
    if (!verdict) return;
    const reason = verdict.reason[lang()] || "";
    let text;
    if (verdict.done) {
      text = reason || t("done");
    } else if (verdict.right) {
      text = reason + (verdict.replySan ? " " + t("azarPlayed") + " " + verdict.replySan[lang()] + "." : "");
    } else {
      text = reason + " " + t("tryAgain");
    }
    el.textContent = text;
    el.dataset.right = String(verdict.right);
    el.dataset.done = String(verdict.done);
  }

  function renderStatus() {
    const el = $("#lesson-status");
    const st = cur();
    let s, text;
    if (!st.task) { s = "read"; text = t("look"); }
    else if (verdict && verdict.done) { s = "done"; text = stepIdx === lesson.steps.length - 1 ? t("lessonDone") : t("done"); }
    else if (thinking) { s = "thinking"; text = t("thinking"); }
    else {
      s = "move";
      text = t("yourMove") + " — " + t("youPlay") + " " + (st.task.learner === "w" ? t("learnerWhite") : t("learnerBlack"));
    }
    el.dataset.status = s;
    el.dataset.thinking = String(thinking);
    el.textContent = text;
  }

  function renderBoard(flipped) {
    const st = cur();
    const fresh = line.length === 0;
    board.draw({
      files: 8, ranks: 8, pieces: pos.pieces, orientation: { flipped }, coords: true,
      lastMove: tokens.fromTo(pos.lastMove || ""), check: pos.check, dests: tokens.dests(legal()),
      highlights: fresh ? st.highlights : [],
      arrows: fresh ? st.arrows.map((a) => ({ from: a.from, to: a.to, cls: "lesson-arrow", data: { arrow: a.from + a.to } })) : [],
    });
  }

  // ---- moves ----
  async function tryMove(from, to) {
    const moves = targetsFrom(from)[to];
    board.selected = null;
    if (!moves) { render(); return; }
    let move = moves[0];
    if (moves.length > 1 && moves.every((m) => m.length === 5)) {
      const promo = await choosePromotion(pos.pieces[from][0]);
      if (!promo) { render(); return; }
      move = from + to + promo;
    }
    await check(move);
  }

  async function check(move) {
    const id = lesson.id, i = stepIdx;
    thinking = true;
    error = "";
    // Show the move at once; the server's board replaces it.
    const pieces = Object.assign({}, pos.pieces);
    pieces[move.slice(2, 4)] = pieces[move.slice(0, 2)];
    delete pieces[move.slice(0, 2)];
    const before = pos;
    pos = Object.assign({}, pos, { pieces, lastMove: move, legal: [], check: "" });
    render();
    try {
      const v = await api.lessonCheck(id, i, line, move);
      if (!lesson || lesson.id !== id || stepIdx !== i) return;
      verdict = v;
      line = v.line;
      pos = v.board;
      if (v.done) markDone(id, i);
    } catch (err) {
      if (!lesson || lesson.id !== id || stepIdx !== i) return;
      pos = before;
      error = refusalText(i18n, err);
    }
    thinking = false;
    render();
  }

  // ---- buttons, language, address ----
  document.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action], button[data-lesson]");
    if (!b || b.disabled) return;
    if (b.dataset.lesson) { openLesson(b.dataset.lesson, 0); return; }
    switch (b.dataset.action) {
      case "lessons": openMenu(); break;
      case "lesson-prev": if (lesson && stepIdx > 0) goStep(stepIdx - 1); break;
      case "lesson-next": if (lesson && stepIdx < lesson.steps.length - 1) goStep(stepIdx + 1); break;
      case "lesson-next-lesson": if (b.dataset.next) openLesson(b.dataset.next, 0); break;
      case "lesson-retry": if (lesson) goStep(stepIdx); break;
      case "new-game": case "puzzle": section.hidden = true; lesson = null; break;
    }
  });

  i18n.onChange(async () => {
    if (section.hidden) return;
    if (!lesson) { openMenu(); return; }
    try {
      const l = await api.lesson(lesson.id, lang());
      if (lesson && l.id === lesson.id) { lesson = l; render(); }
    } catch (err) { error = refusalText(i18n, err); render(); }
  });

  // route opens #lessons (the menu) and #lesson=ID/N (a lesson's step N,
  // from 1); false for any other address.
  function route() {
    const h = location.hash.slice(1);
    if (h === "lessons") { if (section.hidden || lesson) openMenu(); return true; }
    const m = /^lesson=([a-z0-9-]+)(?:\/(\d+))?$/.exec(h);
    if (m) {
      const step = m[2] ? parseInt(m[2], 10) - 1 : 0;
      if (!lesson || lesson.id !== m[1] || section.hidden) openLesson(m[1], step);
      else if (step !== stepIdx && step >= 0 && step < lesson.steps.length) goStep(step);
      return true;
    }
    return false;
  }
  return {
    route,
    // owns is whether an address is the lessons' (a malformed one opens nothing).
    owns: (h) => h === "lessons" || h.startsWith("lesson="),
    // hide leaves the lessons for another screen.
    hide() { section.hidden = true; lesson = null; },
  };
}
