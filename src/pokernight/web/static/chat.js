// A table's chat: its lines put in as text (never as markup), each shown as soon as it is said:
// the server sends it over the table's socket (the table page passes it on as a
// ``pokernight-chat`` event); the lines said before the page opened, or while its socket was
// away, are fetched. A line is sent with Enter or the Send button. Spectators see it only where
// the host opened it to them: a refusal is asked again when the table changes (you sat down,
// the host opened the chat), and goes once it is lifted.
import { call, el } from "./api.js";

export function showChat(side, id, me) {
  const lines = el("ol", { id: "chat-lines", "aria-live": "polite" });
  const problem = el("p", { class: "problem", id: "chat-problem" });
  const input = el("input", { id: "chat-input", maxlength: 300, "aria-label": "chat message", autocomplete: "off" });
  const form = el("form", { class: "chat-form" }, input, el("button", { type: "submit", id: "chat-send" }, "Send"));
  const seen = new Set();
  let after = 0;
  // a line in its place by number: one pushed may come before the fetch of those before it
  const add = (line) => {
    if (seen.has(line.id)) return;
    seen.add(line.id);
    after = Math.max(after, line.id);
    const later = [...lines.children].find((item) => Number(item.dataset.line) > line.id);
    lines.insertBefore(el("li", { "data-line": line.id }, el("strong", {}, `${line.name}: `), line.text), later || null);
    lines.scrollTop = lines.scrollHeight;
  };
  const fetchLines = async () => {
    try {
      (await call("GET", `/api/tables/${id}/chat?after=${after}`)).forEach(add);
      problem.textContent = "";
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    try {
      await call("POST", `/api/tables/${id}/chat`, { text: input.value });
      input.value = "";
      // the line itself comes over the socket; this catches up whatever the socket missed
      await fetchLines();
    } catch (error) {
      problem.textContent = error.message;
    }
  });
  const heard = (event) => add(event.detail);
  const news = () => { if (problem.textContent) fetchLines(); };
  window.addEventListener("pokernight-chat", heard);
  window.addEventListener("pokernight-table", news);
  side.append(el("section", { class: "chat", "aria-label": "chat" }, el("h2", {}, "Chat"), lines, problem, me ? form : null));
  fetchLines();
  return () => {
    window.removeEventListener("pokernight-chat", heard);
    window.removeEventListener("pokernight-table", news);
  };
}
