// What every page of a poker night shares: the connection-lost banner and the four-colour
// deck (kept in this browser).
import { el } from "./api.js";

export function offline(lost) {
  let banner = document.getElementById("offline");
  if (!lost) { if (banner) banner.remove(); return; }
  if (banner) return;
  banner = el("div", { id: "offline", role: "alert" }, "Connection lost: reconnecting…");
  document.body.prepend(banner);
}

const FOUR = "pokernight-four-colour";
if (localStorage.getItem(FOUR) === "1") document.body.classList.add("four-colour");

export function fourColourToggle() {
  const box = el("input", { type: "checkbox", id: "four-colour", checked: localStorage.getItem(FOUR) === "1" ? "" : null });
  box.addEventListener("change", () => {
    localStorage.setItem(FOUR, box.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", box.checked);
  });
  return el("label", { class: "toggle" }, box, " four-colour deck");
}
