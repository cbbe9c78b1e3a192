// A card as the card games show it: its face (its name in the page's
// language, its other name and id, its text, and a line of extra
// facts), or its name in a line of text.

// cardLabel is "Name (id)" for a card the page was sent, else the id.
export function cardLabel(i18n, c, id) {
  return c ? c.name[i18n.lang()] + " (" + id + ")" : id;
}

export function cardElement(i18n, c, extra) {
  const el = document.createElement("div");
  el.className = "card " + c.category;
  el.dataset.card = c.id;
  const name = document.createElement("div");
  name.className = "card-name";
  name.textContent = c.name[i18n.lang()];
  const other = document.createElement("div");
  other.className = "card-id";
  other.textContent = c.name[i18n.other()] + " · " + c.id;
  const text = document.createElement("div");
  text.className = "card-text";
  text.textContent = c.text[i18n.lang()];
  el.append(name, other, text);
  if (extra) {
    const e = document.createElement("div");
    e.className = "card-extra";
    e.textContent = extra;
    el.append(e);
  }
  return el;
}
