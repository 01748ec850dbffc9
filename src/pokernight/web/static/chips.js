// Your seat's own controls, beside the table: ask for chips (the table grants them at once
// within its limit, else the host answers; not at a game of points) and sit out from the next
// hand ("I'm back" above the table sits you in again). Drawn from the table's news
// (``pokernight-state``, sent by the table page): kept while you type an amount.
import { call, el } from "./api.js";

export function showSeatControls(side, id) {
  const box = el("section", { class: "seat-controls", id: "seat-controls", "aria-label": "your seat", hidden: "" });
  const amount = el("input", { id: "chips-amount", type: "number", min: 1, value: 100, "aria-label": "chips to ask for" });
  const news = el("p", { id: "chips-news", role: "status" });
  const problem = el("p", { class: "problem", id: "chips-problem" });
  const ask = el("button", { id: "ask-chips", onclick: async () => {
    try {
      show(await call("POST", `/api/tables/${id}/chips`, { amount: Number(amount.value) }));
      problem.textContent = "";
    } catch (error) { problem.textContent = error.message; }
  } }, "Ask for chips");
  const limit = el("p", { class: "hint", id: "chips-limit" });
  const chipsPart = el("div", { class: "chips-part" }, el("h2", {}, "Chips"), el("p", { class: "ask" }, amount, ask), limit, news);
  const sitOut = el("button", { id: "sit-out", onclick: async () => {
    try { await call("POST", `/api/tables/${id}/sitout`, { out: true }); problem.textContent = ""; }
    catch (error) { problem.textContent = error.message; }
  } }, "Sit out from the next hand");
  box.append(chipsPart, el("p", {}, sitOut), problem);
  side.prepend(box);

  let status = undefined; // your latest chip request's status, as last read
  const show = (got) => {
    status = got.status;
    news.textContent = got.message || "";
    limit.textContent = got.limit ? `The table grants up to ${got.limit} chips a player without asking the host.`
      : "The host approves every request.";
  };
  const read = async () => {
    try { show(await call("GET", `/api/tables/${id}/chips`)); } catch { /* the table is over: nothing to show */ }
  };
  const onState = (event) => {
    const { you, view, table } = event.detail;
    box.hidden = you === null || Boolean(table.over);
    if (box.hidden) return;
    chipsPart.hidden = Boolean(view && view.points);
    sitOut.hidden = table.sitting_out.includes(you);
    // a game of points sits you out from its next round (the one in play is still yours)
    sitOut.textContent = view && view.points ? "Sit out from the next round" : "Sit out from the next hand";
    // a request of yours in the air: the host's answer, or the hand's end, may have changed it
    if (status === undefined || status === "waiting" || status === "approved") read();
  };
  window.addEventListener("pokernight-state", onState);
  return () => window.removeEventListener("pokernight-state", onState);
}
