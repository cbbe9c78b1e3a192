// Chess notation in the page's language. The server speaks SAN with
// English piece letters (K Q R B N), which is what PGN and the engines
// want; a Spanish reader expects R D T A C (rey, dama, torre, alfil,
// caballo), as Spanish books and the FEDA print them. Only the piece
// letters change: squares, x, +, #, = and O-O stay as they are.

const LETTERS = {
  es: { K: "R", Q: "D", R: "T", B: "A", N: "C" },
};
// Four-player chaturanga's pieces are the raja K, elephant E, horse N,
// boat B and pawn: in Spanish rajá R, elefante E, caballo C, barco B.
const C4_LETTERS = {
  es: { K: "R", N: "C" },
};

// formatSAN gives san ("Nxe5+", "exd8=Q#", "O-O") in lang's letters
// ("Cxe5+", "exd8=D#", "O-O" in es). A piece letter is the first
// character or the one after "="; files are lower case and castling is
// letter O, so nothing else can be taken for a piece. A language
// without its own letters (en) and anything that is not a string
// (a missing SAN) come back as they are. variant "chaturanga4" takes
// that game's letters.
export function formatSAN(san, lang, variant) {
  const map = (variant === "chaturanga4" ? C4_LETTERS : LETTERS)[lang];
  if (!map || typeof san !== "string") return san;
  let out = "";
  for (let i = 0; i < san.length; i++) {
    const c = san[i];
    const piece = i === 0 || san[i - 1] === "=";
    out += piece && map[c] ? map[c] : c;
  }
  return out;
}

// formatSANs formats each SAN of a list (a line, a solution).
export function formatSANs(sans, lang) {
  return (sans || []).map((s) => formatSAN(s, lang));
}
