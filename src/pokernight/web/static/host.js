// The host's panel, shown to the table's creator only (the server refuses everyone else):
// the invite link and the TV link, seat requests to approve or refuse, pause and resume, each
// seat set away, removed, topped up (not at a game of points: no stakes there), or given to
// (taken from) a computer, the chat's openness, the end of the table and its ledger. Once the
// table is over, only its ledger. Redrawn when the table changes (its socket's news, a seat
// request at once) and every few seconds.
import { call, el } from "./api.js";

export function showHost(side, id) {
  const box = el("section", { class: "host", id: "host", "aria-label": "host controls" });
  const problem = el("p", { class: "problem", id: "host-problem" });
  let stopped = false;
  const post = (path, body, method = "POST") => async () => {
    try {
      await call(method, `/api/tables/${id}/${path}`, body === undefined ? undefined : typeof body === "function" ? body() : body);
      problem.textContent = "";
    } catch (error) {
      problem.textContent = error.message;
    }
    refresh();
  };
  const refresh = async () => {
    let panel;
    let table;
    try {
      [panel, table] = await Promise.all([call("GET", `/api/tables/${id}/host`), call("GET", "/api/tables")]);
    } catch {
      stopped = true; // not this table's host: no panel
      box.remove();
      return;
    }
    if (panel.over) {
      box.replaceChildren(
        el("h2", {}, "Host"),
        el("p", { id: "host-over" }, `The table is over: ${panel.over}.`),
        el("p", {}, el("a", { id: "ledger", href: panel.ledger, download: `table-${id}-ledger.csv` }, "Ledger (CSV)")));
      return;
    }
    table = table.find((t) => t.id === id);
    if (!table) return;
    const invite = panel.invite; // the server's public address, whatever this page's is
    const check = (name, label) => {
      const input = el("input", { type: "checkbox", id: `host-${name}`, checked: panel[name] ? "" : null });
      input.addEventListener("change", post("settings", () => ({ [name]: input.checked })));
      return el("label", { class: "toggle" }, input, ` ${label}`);
    };
    const seatRow = (s) => {
      const amount = el("input", { type: "number", min: 1, value: 100, class: "topup-amount", "aria-label": `top-up for seat ${s.seat + 1}` });
      const bot = el("select", { "aria-label": `computer for seat ${s.seat + 1}` }, panel.bots.map((b) => el("option", { value: b }, b)));
      const away = panel.away.includes(s.seat);
      return el("li", { "data-seat": s.seat },
        el("span", { class: "seat-name" }, `${s.seat + 1}. ${s.computer ? `computer (${s.computer})` : s.player ?? "open"}`,
          panel.sitting_out.includes(s.seat) && !away ? " · sitting out" : ""),
        s.player ? [
          el("button", { class: "away", onclick: post(`seats/${s.seat}/away`, { away: !away }) }, away ? "Back" : "Away"),
          el("button", { class: "remove", onclick: post(`seats/${s.seat}/remove`) }, panel.removing.includes(s.seat) ? "Leaving after the hand" : "Remove"),
        ] : null,
        panel.top_ups && (s.player || s.computer) ? [amount, el("button", { class: "topup", onclick: post(`seats/${s.seat}/topup`, () => ({ amount: Number(amount.value) })) }, "Top up")] : null,
        s.computer ? el("button", { class: "drop-computer", onclick: post(`seats/${s.seat}/computer`, undefined, "DELETE") }, "Remove computer") : null,
        !s.computer && !s.player ? [bot, el("button", { class: "add-computer", onclick: post(`seats/${s.seat}/computer`, () => ({ bot: bot.value })) }, "Add computer")] : null);
    };
    // replaceChildren prints a null as the text "null": drop the parts not shown
    box.replaceChildren(...[
      el("h2", {}, "Host"),
      el("p", {}, "Invite: ", el("a", { id: "invite", href: invite }, invite), copyButton(invite)),
      el("p", {}, el("a", { id: "tv-link", href: `/tables/${id}/tv`, target: "_blank" }, "Open the table on a TV")),
      check("approve_seats", "I approve seat requests"),
      check("spectator_chat", "spectators read the chat"),
      panel.requests.length ? el("ul", { id: "requests" }, panel.requests.map((r) => el("li", { "data-account": r.account },
        `${r.name} asks for ${r.seat === null ? "a seat" : `seat ${r.seat + 1}`} `,
        el("button", { class: "approve", onclick: post(`requests/${r.account}/approve`, {}) }, "Approve"),
        el("button", { class: "refuse", onclick: post(`requests/${r.account}/refuse`, {}) }, "Refuse")))) : null,
      el("ul", { class: "host-seats" }, table.seats.map(seatRow)),
      el("p", {},
        el("button", { id: panel.paused ? "resume" : "pause", onclick: post(panel.paused ? "resume" : "pause") }, panel.paused ? "Resume" : "Pause after this hand"),
        el("button", { id: "end", onclick: post("end") }, "End the table"),
        el("a", { id: "ledger", href: panel.ledger, download: `table-${id}-ledger.csv` }, "Ledger (CSV)")),
      problem,
    ].filter((part) => part !== null));
  };
  side.append(box);
  refresh();
  // a control being used (a top-up amount typed, a computer chosen) is not redrawn away
  const idle = () => !stopped && !box.contains(document.activeElement);
  const poll = setInterval(() => { if (idle()) refresh(); }, 2000);
  let seen = null;
  const news = (event) => {
    const now = JSON.stringify(event.detail);
    if (now !== seen && idle()) { seen = now; refresh(); }
  };
  window.addEventListener("pokernight-table", news);
  return () => { stopped = true; clearInterval(poll); window.removeEventListener("pokernight-table", news); };
}

// "Copy invite": the link on the clipboard, to paste into a message to friends; where the
// browser refuses (a page not served over HTTPS or from this machine), the link is selected
// for a copy by hand.
function copyButton(invite) {
  const said = el("span", { class: "copied", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite);
      said.textContent = "Copied";
    } catch {
      const link = document.getElementById("invite");
      getSelection().selectAllChildren(link);
      said.textContent = "Selected: copy it with your keyboard or menu";
    }
  };
  return [el("button", { id: "copy-invite", onclick: copy }, "Copy invite"), said];
}
