// Package app is the home of `azar serve`, the browser app (docs/app.md).
// Its sub-packages each own one part:
//
//   - app/engine: the engine behind Azar's own UCI protocol, through an
//     in-process pipe, and a small pool of such engines;
//   - app/store: the SQLite file of saved games and its schema versions;
//   - app/games: the referee: game sessions, their rules, the engine's
//     turns, what each player may see;
//   - app/web: the page's embedded assets (HTML, CSS, JS, SVG pieces);
//   - app/server: the HTTP API, the Server-Sent Events and the page.
package app
