// The evaluation bar (#evalbar, data-eval): White's share of the bar
// from the score (cp from White's side, or a mate in N), and its text
// with a sign ("+0.3", "−1.2", "+M3"). The share is kept off the ends
// (3 % to 97 %) so that both colours show, and a score of ten pawns or
// more loses its decimal so that it fits the bar's width.

export function evalText(e) {
  if (e.mate) return (e.mate > 0 ? "+" : "−") + "M" + Math.abs(e.mate);
  const p = e.cp / 100;
  const abs = Math.abs(p);
  const sign = p > 0 ? "+" : p < 0 ? "−" : "";
  return sign + (abs >= 9.95 ? abs.toFixed(0) : abs.toFixed(1));
}

export function evalShare(e) {
  const s = e.mate ? (e.mate > 0 ? 1 : 0) : 1 / (1 + Math.pow(10, -e.cp / 400));
  return Math.min(0.97, Math.max(0.03, s));
}

// renderEvalBar draws e (White's part is --share of the bar: its
// height beside the board, its width above it on a phone) (null: no score yet; the bar keeps its place,
// so that the board does not move when the first score comes).
export function renderEvalBar(bar, e, flipped) {
  bar.classList.toggle("flipped", flipped);
  bar.classList.toggle("empty", !e);
  if (!e) {
    bar.dataset.eval = "";
    bar.style.setProperty("--share", "50%");
    bar.querySelector(".eval-text").textContent = "";
    return;
  }
  const share = evalShare(e);
  bar.classList.toggle("black-ahead", share < 0.5);
  bar.style.setProperty("--share", (share * 100).toFixed(1) + "%");
  bar.querySelector(".eval-text").textContent = evalText(e);
  bar.dataset.eval = e.mate ? "mate " + e.mate : String(e.cp);
}
