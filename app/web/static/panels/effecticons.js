// Ajedrez Mágico's effect symbols, drawn by the project as small SVG
// icons (16 × 16, in the text's colour) instead of emoji: an emoji such as
// ⛓ or 🪽 needs a colour-emoji font, and a system without one (many
// Linux desktops, the browser tests' Chromium) shows an empty box in the
// effect list and on the board's marks.

const NS = "http://www.w3.org/2000/svg";

// Each icon is a list of [element, attributes]; "s" in an element's
// attributes draws it as an outline (stroke), otherwise it is filled.
const ICONS = {
  wall: [["path", { d: "M1 3h14v10H1zM1 6.3h14M1 9.7h14M5 3v3.3M11 3v3.3M8 6.3v3.4M3 9.7V13M13 9.7V13", s: 1 }]],
  mine: [["circle", { cx: 7, cy: 9.5, r: 5 }], ["path", { d: "M10.5 5.5l2-2.5M12 1.5l1 1M14.5 3.5l-1 .5", s: 1 }]],
  shield: [["path", { d: "M8 1l6 2.2V8c0 3.6-2.6 6.2-6 7-3.4-.8-6-3.4-6-7V3.2z" }]],
  armour: [["path", { d: "M8 1l6 2.2V8c0 3.6-2.6 6.2-6 7-3.4-.8-6-3.4-6-7V3.2zM2.5 7.5h11M8 2v12.5", s: 1 }]],
  wings: [["path", { d: "M1 12.5C3 6 8 2.5 15 2c-1.6 2.6-3 4.3-5 5.3 1.4.1 2.6-.1 3.6-.5-1.6 2.3-3.4 3.5-5.6 3.9 1 .3 2 .3 3 .1C8.6 13.2 4.8 14 1 12.5z" }]],
  paralysis: [["rect", { x: 1, y: 5, width: 8, height: 6, rx: 3, s: 1 }], ["rect", { x: 7, y: 5, width: 8, height: 6, rx: 3, s: 1 }]],
  sanctuary: [["path", { d: "M6 1h4v5h5v4h-5v5H6v-5H1V6h5z" }]],
  fog: [["path", { d: "M4 12.5a3 3 0 01-.3-6 4.3 4.3 0 018.3-1A3.3 3.3 0 0112 12.5z" }]],
  blizzard: [["path", { d: "M8 1v14M2 4.5l12 7M2 11.5l12-7M6.3 2.2L8 3.6l1.7-1.4M6.3 13.8L8 12.4l1.7 1.4", s: 1 }]],
  ward: [["path", { d: "M4 14.5V6.5a1 1 0 012 0V8V2.5a1 1 0 012 0V7.5V2a1 1 0 012 0v5.5V3.5a1 1 0 012 0V10c0 2.7-1.8 4.5-4.5 4.5z" }]],
  immunity: [["path", { d: "M8 1l1.8 5.2L15 8l-5.2 1.8L8 15l-1.8-5.2L1 8l5.2-1.8z" }]],
  anchorage: [["path", { d: "M8 4.5V15M5 7h6M2.5 10c.5 3 3 5 5.5 5s5-2 5.5-5", s: 1 }], ["circle", { cx: 8, cy: 3, r: 1.7, s: 1 }]],
  lance: [["path", { d: "M8 15V2M4.5 5.5L8 2l3.5 3.5M4.5 9L8 5.5 11.5 9", s: 1 }]],
  surge: [["path", { d: "M8 15v-1.8M8 11.3V9.5M8 7.7V2M4.5 5.5L8 2l3.5 3.5", s: 1 }]],
  stride: [["path", { d: "M2 13h12l1-8-3.5 3L8 2.5 4.5 8 1 5z" }]],
  "no-mans-land": [["circle", { cx: 8, cy: 8, r: 6.3, s: 1 }], ["path", { d: "M3.5 12.5l9-9", s: 1 }]],
  silence: [["path", { d: "M2 6h3l4-3.5v11L5 10H2z" }], ["path", { d: "M11 5.5l4 5M15 5.5l-4 5", s: 1 }]],
};
const FALLBACK = ICONS.immunity;

// effectIcon is a new SVG element for an effect kind (a four-pointed star
// for a kind without its own icon). It is decoration: the words next to
// it, or the mark's title, name the effect.
export function effectIcon(kind) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "fx-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.dataset.icon = ICONS[kind] ? kind : "default";
  for (const [name, attrs] of ICONS[kind] || FALLBACK) {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) if (k !== "s") el.setAttribute(k, String(v));
    if (attrs.s) {
      el.setAttribute("fill", "none");
      el.setAttribute("stroke", "currentColor");
      el.setAttribute("stroke-width", "1.6");
      el.setAttribute("stroke-linecap", "round");
      el.setAttribute("stroke-linejoin", "round");
    } else {
      el.setAttribute("fill", "currentColor");
    }
    svg.append(el);
  }
  return svg;
}

// effectKinds is every kind with its own icon (for the tests).
export const effectKinds = Object.keys(ICONS);
