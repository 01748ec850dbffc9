// Keyboard play with the terminal table's hotkeys: a letter presses the button of your turn
// that carries it (``data-key``: the key the server's shape of that decision names, as the
// terminal's bar shows it), so no verb is known here. Typing in a field (the chat, an amount)
// is left alone.
export function hotkeys(area) {
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    const button = [...area.querySelectorAll(".your-turn button[data-key]")]
      .find((b) => b.dataset.key === key && !b.disabled);
    if (!button) return;
    event.preventDefault();
    button.click();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
