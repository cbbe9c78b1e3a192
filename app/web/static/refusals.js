// A refusal of the server in the page's language. The server answers
// {"error": words, "code": name} (app/server/codes.go); the English
// page shows the words, which say the most (a bad FEN's exact fault),
// and another language the code's text (strings/spanish.js, "err-CODE"),
// or the words when the code is one the page has no text for.

// refusalText is err's text in i18n's language: err from api.js (its
// message the server's words, its code the server's code).
export function refusalText(i18n, err) {
  const key = "err-" + (err && err.code);
  if (i18n.lang() === "en" || !err.code || i18n.t(key) === key) return err.message;
  return i18n.t(key);
}

// refusalNote is refusalText as a note that follows the language (the
// game screen's and the lessons' notes may be functions).
export const refusalNote = (i18n, err) => () => refusalText(i18n, err);
