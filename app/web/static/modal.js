// A modal dialog (.modal > .dialog[role=dialog]) as a keyboard and a
// screen reader expect one: it takes the focus when it opens, keeps Tab
// and Shift+Tab among its own buttons, closes on Escape as on its
// Cancel, and gives the focus back to where it was when it closes.

const FOCUSABLE = "button:not([disabled]):not([hidden]), select, input, [tabindex='0']";

// openDialog shows modal; cancel() is called on Escape or a click on
// the backdrop. It returns close(), which hides it again.
export function openDialog(modal, cancel) {
  const back = document.activeElement;
  modal.hidden = false;
  const items = () => Array.from(modal.querySelectorAll(FOCUSABLE)).filter((el) => el.offsetParent !== null);
  const first = items()[0];
  if (first) first.focus();
  const onKey = (e) => {
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); cancel(); return; }
    if (e.key !== "Tab") return;
    const all = items();
    if (!all.length) return;
    const i = all.indexOf(document.activeElement);
    const next = e.shiftKey ? (i <= 0 ? all.length - 1 : i - 1) : (i === all.length - 1 ? 0 : i + 1);
    e.preventDefault();
    all[next].focus();
  };
  const onBackdrop = (e) => { if (e.target === modal) cancel(); };
  modal.addEventListener("keydown", onKey);
  modal.addEventListener("click", onBackdrop);
  return () => {
    modal.hidden = true;
    modal.removeEventListener("keydown", onKey);
    modal.removeEventListener("click", onBackdrop);
    if (back && document.contains(back) && typeof back.focus === "function") back.focus({ preventScroll: true });
  };
}
