// A table's chat: its lines put in as text (never as markup), new ones fetched every two
// seconds; a line is sent with Enter or the Send button. Spectators see it only where the host
// opened it to them.
import { call, el } from "./api.js";

export function showChat(side, id, me) {
  const lines = el("ol", { id: "chat-lines", "aria-live": "polite" });
  const problem = el("p", { class: "problem", id: "chat-problem" });
  const input = el("input", { id: "chat-input", maxlength: 300, "aria-label": "chat message", autocomplete: "off" });
  const form = el("form", { class: "chat-form" }, input, el("button", { type: "submit", id: "chat-send" }, "Send"));
  let after = 0;
  let stopped = false;
  const fetchLines = async () => {
    try {
      const got = await call("GET", `/api/tables/${id}/chat?after=${after}`);
      for (const line of got) {
        lines.append(el("li", { "data-line": line.id }, el("strong", {}, `${line.name}: `), line.text));
        after = line.id;
      }
      lines.scrollTop = lines.scrollHeight;
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
      problem.textContent = "";
      await fetchLines();
    } catch (error) {
      problem.textContent = error.message;
    }
  });
  side.append(el("section", { class: "chat", "aria-label": "chat" }, el("h2", {}, "Chat"), lines, problem, me ? form : null));
  fetchLines();
  const poll = setInterval(() => { if (!stopped) fetchLines(); }, 2000);
  return () => { stopped = true; clearInterval(poll); };
}
