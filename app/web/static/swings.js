// The cards that mattered most, under a card game's analysis
// (docs/analysis.md, "Card variants"): each a card the rules dealt and
// how much it moved its drawer's winning chances. A swing is luck, so it
// is listed apart from the judged moves.

// renderSwings writes v.analysis.swings into the analysis (a section
// made on first use), or hides it when the analysis has none.
export function renderSwings(t, v) {
  const body = document.querySelector("#analysis .analysis-body");
  if (!body) return;
  let sec = body.querySelector("[data-swings]");
  const swings = (v.analysis && v.analysis.swings) || [];
  if (!swings.length) {
    if (sec) sec.hidden = true;
    return;
  }
  if (!sec) {
    sec = document.createElement("section");
    sec.className = "swings";
    sec.dataset.swings = "";
    sec.append(document.createElement("h3"), document.createElement("p"), document.createElement("ol"));
    body.append(sec);
  }
  sec.hidden = false;
  sec.querySelector("h3").textContent = t("swingsTitle");
  sec.querySelector("p").textContent = t("swingsNote");
  const ol = sec.querySelector("ol");
  ol.textContent = "";
  for (const s of swings) {
    const li = document.createElement("li");
    li.dataset.swing = String(s.ply);
    li.dataset.ply = String(s.ply);
    li.dataset.action = "review";
    li.setAttribute("role", "button");
    li.tabIndex = 0;
    // The card as the move list writes it, in the page's language.
    const entry = document.querySelector(`#moves [data-ply="${s.ply}"]`);
    const card = (entry && entry.textContent.trim()) || s.san;
    const sign = s.swing > 0 ? "+" : s.swing < 0 ? "−" : "±";
    li.textContent = t("swingLine", { who: s.side === "w" ? t("white") : t("black"), card, swing: sign + Math.abs(s.swing).toFixed(1) });
    ol.append(li);
  }
}
