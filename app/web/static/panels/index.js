// The one table of the games the page knows, keyed by the game's name
// (the view's variant, the form's data-variant), as protocol/registry.go
// is on the engine's side. The page asks the entry and never which game
// it is: a new game adds its panel module here and nowhere else in the
// page's code (docs/app.md, "The page").
//
// An entry is
//   form: {oneDevice, seats, rules}: whether the new-game form offers two
//     players on one device, names a player per seat instead of an
//     opponent and a colour, and sends its rule options
//     (.variant-only[data-for=NAME] [data-rule]);
//   modeLabel(t, mode): the saved list's words for a game's mode;
//   movesLabel(t, n), optional: the saved list's length of a game of n
//     recorded actions (full moves when absent, sides.js);
//   create(ui): the game's panel for the game screen (game-screen.js
//     says what ui holds and which hooks a panel has).

import { chess } from "./chess.js";
import { lucky } from "./lucky.js";
import { spy } from "./spy.js";
import { magic } from "./magic.js";
import { chaturanga4 } from "./chaturanga4.js";

export const GAMES = { chess, lucky, spy, magic, chaturanga4 };

// entry is the game's entry; a name the page does not know (a server
// newer than the page) is shown as chess shows a board: moves in pairs
// and nothing beside.
export const entry = (name) => GAMES[name] || GAMES.chess;
