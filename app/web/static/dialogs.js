// The page's confirmation dialog (#confirm) and the clipboard.

// confirmDialog asks question and resolves to true for Yes.
export function confirmDialog(question) {
  const modal = document.querySelector("#confirm");
  modal.querySelector(".question").textContent = question;
  modal.hidden = false;
  return new Promise((resolve) => {
    modal.onclick = (e) => {
      const yes = e.target.closest("[data-action=confirm-yes]");
      const no = e.target.closest("[data-action=confirm-no]") || e.target === modal;
      if (yes || no) { modal.hidden = true; modal.onclick = null; resolve(!!yes); }
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
