// The daily puzzle (docs/app.md, "The daily puzzle") on the game
// screen's board, with its own panel (#puzzle-panel): the task, the
// verdict on the last move and the hint. The server judges every line
// (any move that still forces the mate is right) and answers with the
// defender's reply; a wrong move is not kept, so the player tries again
// from the same position. The page sends the whole line with each move.
// The verdict comes as data (its why) and the hint in both languages,
// so that both follow the page's language, with its piece letters.
// Once solved, or failed (a wrong move or a hint), Next puzzle
// (data-action=next-puzzle) opens the next date's puzzle: the dates go
// round the shipped set one after another. The streak
// (data-puzzle-streak) counts the puzzles solved in a row without a
// wrong move or a hint, in localStorage (azar.puzzleStreak) across
// reloads; a date counts once.

import { api } from "./api.js";
import { twoSided, pairedMoves } from "./panels/sides.js";
import { formatSAN } from "./notation.js";
import { refusalNote } from "./refusals.js";

// whyText writes a wrong move's why (practice/puzzle.Why) in the page's
// language; reason, the server's English, stands in for a code the page
// has no words for.
function whyText(i18n, why, reason) {
  const t = i18n.t, lang = i18n.lang();
  const key = "why-" + (why && why.code);
  if (!why || t(key) === key) return reason;
  const san = (s) => formatSAN(s || "", lang);
  const score = (s) => (s === "mate" ? t("why-mate") : s === "-mate" ? t("why-mated") : lang === "es" ? String(s).replace(".", ",") : s);
  return t(key, {
    san: san(why.san), reply: san(why.reply), defender: t("why-side-" + why.defender), left: why.left, after: why.after,
    status: t("why-status-" + why.status), line: [why.san, why.reply].filter(Boolean).map(san).join(" "),
    you: score(why.you), solution: score(why.solution),
  });
}

const STREAK = "azar.puzzleStreak";

// streak is the kept {n, last}: the count and the last date counted.
function streak() {
  try {
    const s = JSON.parse(localStorage.getItem(STREAK) || "{}");
    return { n: Number.isInteger(s.n) && s.n > 0 ? s.n : 0, last: typeof s.last === "string" ? s.last : "" };
  } catch (_) {
    return { n: 0, last: "" };
  }
}
function keepStreak(s) {
  try { localStorage.setItem(STREAK, JSON.stringify(s)); } catch (_) { /* private mode: kept for this visit only */ }
}

// nextDate is the day after date (YYYY-MM-DD, UTC).
export function nextDate(date) {
  const d = new Date(date + "T00:00:00Z");
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// extras puts the streak and the Next puzzle button in the panel, once.
function extras(box) {
  if (box.querySelector("[data-puzzle-streak]")) return;
  const p = document.createElement("p");
  p.className = "puzzle-streak";
  p.dataset.puzzleStreak = "0";
  const b = document.createElement("button");
  b.type = "button";
  b.className = "primary";
  b.dataset.action = "next-puzzle";
  b.hidden = true;
  box.append(p, b);
}

// createPuzzle: failed(err) is called when the puzzle cannot be had.
export function createPuzzle(i18n, screen, { failed }) {
  const t = i18n.t;
  const lang = () => i18n.lang();
  const $ = (sel) => document.querySelector("#puzzle-panel " + sel);
  let puzzle = null; // the puzzle being solved

  // view is the board as the game screen shows a game's.
  const view = (b) => ({
    id: "puzzle", variant: "puzzle", mode: "puzzle", human: puzzle.side, files: b.files, ranks: b.ranks, pieces: b.pieces,
    fen: b.fen, turn: b.turn, legal: b.legal, lastMove: b.lastMove, check: b.check, version: 0,
    moves: puzzle.sans.map((s) => ({ uci: "", san: s })), status: puzzle.solved ? "solved" : "puzzle", thinking: false, canUndo: false,
  });

  const panel = {
    ...twoSided(t),
    parts: ["#puzzle-panel"],
    sideClass: "puzzle-mode",
    orient: () => ({ flipped: puzzle.side === "b", turned: false }),
    status: (v) => (puzzle.solved ? t("puzzleSolved") : v.turn === "w" ? t("whiteToMove") : t("blackToMove")),
    play: (tok) => move(tok),
    moves: (v, ol) => pairedMoves({ ...v, moves: v.moves.map((m) => ({ ...m, san: formatSAN(m.san, lang()) })) }, ol),
    render() {
      extras(document.querySelector("#puzzle-panel"));
      const st = streak();
      const sp = $("[data-puzzle-streak]");
      sp.dataset.puzzleStreak = String(st.n);
      sp.textContent = t("puzzleStreak", { n: st.n });
      sp.title = t("puzzleStreakHelp");
      const next = $("[data-action=next-puzzle]");
      next.textContent = t("nextPuzzle");
      next.hidden = !puzzle.solved && puzzle.clean;
      const side = puzzle.side === "w" ? t("whiteShort") : t("blackShort");
      const task = puzzle.kind === "mate" ? side + " " + t("puzzleMate") + " " + puzzle.moves
        : side + " " + t("puzzleWin") + " (" + t(puzzle.kind) + ")";
      $("[data-puzzle-task]").textContent = t("puzzleOf") + " " + puzzle.date + ": " + task + ".";
      const vd = $("[data-puzzle-verdict]");
      let text = "";
      if (puzzle.solved) text = t("puzzleSolved");
      else if (puzzle.reason) text = t("puzzleWrong") + " " + whyText(i18n, puzzle.why, puzzle.reason) + ". " + t("tryAgain");
      else if (puzzle.line.length) text = t("puzzleRight") + " " + puzzle.left + " " + t("puzzleLeft");
      vd.textContent = text;
      vd.hidden = !text;
      vd.dataset.ok = String(!puzzle.reason);
      vd.dataset.solved = String(puzzle.solved);
      const h = $("[data-puzzle-hint]");
      const hint = puzzle.hint ? puzzle.hint[lang()] || puzzle.hint.en : "";
      h.textContent = hint;
      h.hidden = !hint;
      $("[data-action=puzzle-hint]").hidden = !!puzzle.hint || puzzle.solved;
    },
    actions: {
      "puzzle-hint": async () => {
        try { puzzle.hint = (await api.puzzleHint(puzzle.date)).hint; spoilt(); } catch (err) { screen.setNote(refusalNote(i18n, err)); }
        screen.render();
      },
      "next-puzzle": () => open(nextDate(puzzle.date)),
    },
  };

  // spoilt ends the streak: a wrong move or a hint before the end.
  function spoilt() {
    if (!puzzle.clean || puzzle.solved) return;
    puzzle.clean = false;
    keepStreak({ n: 0, last: "" });
  }
  // solved counts a clean solution, once a date.
  function solved() {
    const s = streak();
    if (s.last !== puzzle.date) keepStreak({ n: s.n + 1, last: puzzle.date });
  }

  async function open(date) {
    let d;
    try {
      d = await api.puzzle(date);
    } catch (err) {
      failed(err);
      return;
    }
    screen.close(false);
    puzzle = { date: d.date, kind: d.kind, moves: d.moves, side: d.side, line: [], sans: [], solved: false, left: d.moves, reason: "", why: null, right: false, hint: null, clean: true };
    const want = "#puzzle=" + d.date;
    if (location.hash !== want) history.replaceState(null, "", want);
    screen.show();
    screen.present(view(d), panel, true);
  }

  async function move(tok) {
    screen.setNote("");
    try {
      const v = await api.puzzleCheck(puzzle.date, puzzle.line.concat([tok]));
      puzzle.line = v.line;
      puzzle.sans = v.sans;
      puzzle.solved = v.solved;
      puzzle.left = v.left;
      puzzle.right = v.ok;
      puzzle.reason = v.ok ? "" : v.reason;
      puzzle.why = v.ok ? null : v.why || null;
      if (!v.ok) spoilt();
      else if (v.solved && puzzle.clean) solved();
      screen.present(view(v.board), panel, false);
    } catch (err) {
      screen.setNote(refusalNote(i18n, err));
      screen.render();
    }
  }

  return {
    open,
    // showing is whether the screen shows this date's puzzle.
    showing: (date) => !!puzzle && screen.panel() === panel && puzzle.date === date,
  };
}
