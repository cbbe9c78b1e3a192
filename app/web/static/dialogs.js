// The page's confirmation dialog (#confirm) and the clipboard.

import { openDialog } from "./modal.js";

// confirmDialog asks question and resolves to true for Yes.
export function confirmDialog(question) {
  const modal = document.querySelector("#confirm");
  modal.querySelector(".question").textContent = question;
  return new Promise((resolve) => {
    let close = null;
    const done = (yes) => { close(); modal.onclick = null; resolve(yes); };
    close = openDialog(modal, () => done(false));
    modal.onclick = (e) => {
      if (e.target.closest("[data-action=confirm-yes]")) done(true);
      else if (e.target.closest("[data-action=confirm-no]")) done(false);
    };
  });
}

// copyText puts text on the clipboard, by the old way where the
// Clipboard API is not offered (a page over plain HTTP on another host).
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try { await navigator.clipboard.writeText(text); return; } catch (_) { /* fall back below */ }
  }
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.className = "copy-buffer";
  document.body.append(ta);
  ta.select();
  const ok = document.execCommand("copy");
  ta.remove();
  if (!ok) throw new Error("copy refused");
}
