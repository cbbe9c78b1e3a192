// The page's sounds, made by WebAudio here (no sound files): a move, a
// capture, a check, a card, the end of a game. Each is a short envelope
// on one or two oscillators. The audio context starts at the first
// sound after a gesture (browsers keep it silent before one). The kind
// of the last sound is left on <body data-last-sound> for the tests;
// nothing is recorded or played while the sound is off.

const TONES = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.09, "square"], [180, 0.02, 0.1, "triangle"]],
  check: [[880, 0, 0.09, "sine"], [660, 0.1, 0.12, "sine"]],
  card: [[700, 0, 0.05, "sine"], [1050, 0.05, 0.08, "sine"]],
  end: [[523, 0, 0.15, "sine"], [659, 0.15, 0.15, "sine"], [784, 0.3, 0.3, "sine"]],
};

export function createSound(settings) {
  let ctx = null;
  return {
    play(kind) {
      if (!settings.get("sound") || !TONES[kind]) return;
      document.body.dataset.lastSound = kind;
      try {
        const AC = window.AudioContext || window.webkitAudioContext;
        if (!AC) return;
        if (!ctx) ctx = new AC();
        if (ctx.state === "suspended") ctx.resume();
        const now = ctx.currentTime;
        for (const [freq, at, len, type] of TONES[kind]) {
          const o = ctx.createOscillator(), g = ctx.createGain();
          o.type = type;
          o.frequency.value = freq;
          g.gain.setValueAtTime(0.0001, now + at);
          g.gain.exponentialRampToValueAtTime(0.18, now + at + 0.01);
          g.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
          o.connect(g).connect(ctx.destination);
          o.start(now + at);
          o.stop(now + at + len + 0.02);
        }
      } catch (_) { /* no audio on this device: the game goes on silently */ }
    },
  };
}

// soundOf is the sound of the change from one view to the next, or "":
// the end of the game, else a check, a card, a capture, a move.
export function soundOf(old, v, isCard) {
  if (!old || old.id !== v.id || v.version <= old.version) return "";
  if (old.status === "playing" && v.status !== "playing") return "end";
  if (v.moves.length <= old.moves.length) return "";
  const fresh = v.moves.slice(old.moves.length);
  if (v.check && v.check !== old.check) return "check";
  if (fresh.some((m) => isCard(m.uci))) return "card";
  const count = (p) => Object.keys(p || {}).length;
  if (count(v.pieces) < count(old.pieces) || fresh.some((m) => (m.san || "").includes("x"))) return "capture";
  return "move";
}
