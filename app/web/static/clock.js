// The clocks of a game with a time control (app/games/clock.go): the
// server keeps the time; the page shows the view's figures counting down
// from when the view arrived, so the running clock moves between views,
// and the server's next view corrects it. Shown under the status line,
// the opponent's first (as the board is turned for the viewer).

// createClocks returns the clocks' view: seen(v) takes each new view,
// render(v, bottom) draws them with bottom ("w" or "b") the seat shown
// nearer the player.
export function createClocks(t) {
  let base = null; // {id, version, at: the view's clocks, when: performance.now()}
  let timer = null;
  let el = null;
  const fmt = (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  };
  function left(seat) {
    const c = base.at;
    let ms = seat === "w" ? c.white : c.black;
    if (c.running === seat) ms -= performance.now() - base.when;
    return ms;
  }
  function draw(bottom) {
    for (const seat of ["w", "b"]) {
      const d = el.querySelector(`[data-clock="${seat}"]`);
      const ms = left(seat);
      d.querySelector(".time").textContent = fmt(ms);
      d.querySelector(".who").textContent = seat === "w" ? t("white") : t("black");
      d.dataset.running = String(base.at.running === seat);
      d.classList.toggle("low", ms < 20000);
    }
    el.style.flexDirection = bottom === "w" ? "column" : "column-reverse";
  }
  return {
    seen(v) {
      if (!v.clock) { base = null; return; }
      if (!base || base.id !== v.id || base.version !== v.version || JSON.stringify(base.at) !== JSON.stringify(v.clock)) {
        base = { id: v.id, version: v.version, at: v.clock, when: performance.now() };
      }
    },
    render(v, bottom) {
      if (!el) {
        el = document.createElement("div");
        el.className = "clocks";
        el.dataset.clocks = "";
        for (const seat of ["b", "w"]) {
          const d = document.createElement("div");
          d.className = "clock";
          d.dataset.clock = seat;
          d.setAttribute("role", "timer");
          const who = document.createElement("span"); who.className = "who";
          const time = document.createElement("span"); time.className = "time";
          d.append(who, time);
          el.append(d);
        }
        document.querySelector("#game [data-status]").after(el);
      }
      el.hidden = !v || !v.clock || !base;
      clearInterval(timer);
      timer = null;
      if (el.hidden) return;
      draw(bottom);
      if (base.at.running) timer = setInterval(() => draw(bottom), 250);
    },
  };
}
