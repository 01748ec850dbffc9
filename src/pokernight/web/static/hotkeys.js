// Keyboard play with the terminal table's hotkeys (tui/choices.py HOTKEYS; a test keeps the
// two equal): a letter presses the action of its kind when it is yours to take. Typing in a
// field (the chat, an amount) is left alone.
export const HOTKEYS = { check: "k", call: "c", fold: "f", bet: "b", raise: "r", keep: "h", discard: "d", orient: "o", set: "s", play: "p", pass: "x" };

export function hotkeys(area) {
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    const kind = Object.keys(HOTKEYS).find((k) => HOTKEYS[k] === event.key.toLowerCase());
    const button = kind && [...area.querySelectorAll(".your-turn button[data-action]")]
      .find((b) => b.dataset.action.split(" ")[0] === kind && !b.disabled);
    if (!button) return;
    event.preventDefault();
    button.click();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
