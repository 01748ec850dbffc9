// The host's panel, shown to the table's creator only (the server refuses everyone else):
// the invite link and the TV link, seat and chip requests to approve or refuse (each new one
// announced wherever the host is in the page: a strip atop the side panel, the title,
// sound and vibration as chosen), the chips a player may take without asking and dealer's
// choice (neither at a sit-and-go), the first deal (a table for friends deals nothing until
// the host deals), pause and resume, each seat set away, removed, topped up (not at a game
// of points: no stakes there), or given to (taken from) a computer, the chat's openness, the
// end of the table and its ledger. Once the table is over, only its ledger. Redrawn when the
// table changes: the table's socket brings every change the panel shows (seat and chip
// requests, who sits out, the settings), so the panel asks the server only then, never on a
// timer.
import { call, computerName, el } from "./api.js";
import { hostAlert } from "./alerts.js";

export function showHost(side, id) {
  const box = el("section", { class: "host", id: "host", "aria-label": "host controls" });
  const problem = el("p", { class: "problem", id: "host-problem" });
  // what Copy invite did, kept by every redraw (one may come as the clipboard answers)
  const copied = el("span", { class: "copied", role: "status" });
  let stopped = false;
  let known = new Set(); // the requests already announced
  let catalog = null; // the games the server offers: their titles and seats
  const post = (path, body, method = "POST") => async () => {
    try {
      await call(method, `/api/tables/${id}/${path}`, body === undefined ? undefined : typeof body === "function" ? body() : body);
      problem.textContent = "";
    } catch (error) {
      problem.textContent = error.message;
    }
    refresh(true);
  };
  // The panel as it stands: the requests announced whatever the host is doing, the panel
  // itself redrawn only when ``now`` (a control used since it was last drawn) or while no
  // control of it is in use. Only the latest refresh draws: the answers of one begun earlier
  // may come back after it (a table's last hand brings several changes at once, and a table
  // not over asks one question more), and would draw the table as it stood before, such as
  // a table over as still playing.
  let latest = 0;
  let forced = false;
  const refresh = async (now = false) => {
    const asked = ++latest;
    forced = forced || now;
    let panel;
    let table;
    try {
      [panel, table] = await Promise.all([call("GET", `/api/tables/${id}/host`), call("GET", "/api/tables")]);
    } catch {
      stopped = true; // not this table's host: no panel
      box.remove();
      return;
    }
    const chips = panel.over ? { limit: 0, requests: [] } : await call("GET", `/api/tables/${id}/chips/requests`).catch(() => ({ limit: 0, requests: [] }));
    if (!catalog) catalog = await call("GET", "/api/games");
    if (asked !== latest) return; // a later refresh draws what is newer
    announce(panel.over ? [] : panel.requests, chips.requests);
    if (!forced && !idle()) return;
    forced = false;
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
        el("span", { class: "seat-name" }, `${s.seat + 1}. ${s.computer ? computerName(s.computer) : s.player ?? "open"}`,
          panel.sitting_out.includes(s.seat) && !away ? " · sitting out" : ""),
        s.player ? [
          el("button", { class: "away", onclick: post(`seats/${s.seat}/away`, { away: !away }) }, away ? "Back" : "Away"),
          el("button", { class: "remove", onclick: post(`seats/${s.seat}/remove`) }, panel.removing.includes(s.seat) ? "Leaving after the hand" : "Remove"),
        ] : null,
        panel.top_ups && (s.player || s.computer) ? [amount, el("button", { class: "topup", onclick: post(`seats/${s.seat}/topup`, () => ({ amount: Number(amount.value) })) }, "Top up")] : null,
        s.computer && !panel.seats_fixed ? el("button", { class: "drop-computer", onclick: post(`seats/${s.seat}/computer`, undefined, "DELETE") }, "Remove computer") : null,
        !s.computer && !s.player && !panel.seats_fixed ? [bot, el("button", { class: "add-computer", onclick: post(`seats/${s.seat}/computer`, () => ({ bot: bot.value })) }, "Add computer")] : null);
    };
    // replaceChildren prints a null as the text "null": drop the parts not shown
    box.replaceChildren(...[
      el("h2", {}, "Host"),
      el("p", {}, "Invite: ", el("a", { id: "invite", href: invite }, invite), copyButton(invite, copied)),
      el("p", {}, el("a", { id: "tv-link", href: `/tables/${id}/tv`, target: "_blank" }, "Open the table on a TV")),
      check("approve_seats", "I approve seat requests"),
      check("spectator_chat", "spectators read the chat"),
      panel.requests.length ? el("ul", { id: "requests" }, panel.requests.map((r) => el("li", { "data-account": r.account },
        `${r.name} asks for ${r.seat === null ? "a seat" : `seat ${r.seat + 1}`} `,
        el("button", { class: "approve", onclick: post(`requests/${r.account}/approve`, {}) }, "Approve"),
        el("button", { class: "refuse", onclick: post(`requests/${r.account}/refuse`, {}) }, "Refuse")))) : null,
      // a sit-and-go takes no chips after its buy-in and plays its one game to the end, its
      // prizes its only money: no chips to allow, no other game, no chips a point is worth
      table.tournament ? null : chipsPart(chips),
      table.tournament ? null : choicePart(panel, table),
      el("ul", { class: "host-seats" }, table.seats.map(seatRow)),
      el("p", {},
        panel.ending ? el("span", { id: "ending" }, "The table ends once this hand is over. ")
          : el("button", { id: !panel.paused ? "pause" : panel.dealt ? "resume" : "deal", onclick: post(panel.paused ? "resume" : "pause") },
            !panel.paused ? "Pause after this hand" : panel.dealt ? "Resume" : "Deal"),
        panel.ending ? null : el("button", { id: "end", onclick: post("end") }, panel.in_hand ? "End after this hand" : "End the table"),
        el("a", { id: "ledger", href: panel.ledger, download: `table-${id}-ledger.csv` }, "Ledger (CSV)")),
      problem,
    ].filter((part) => part !== null));
  };
  // Dealer's choice: the games the table may play besides the one in play (each that seats
  // the table), who chooses the next, and the chips a point is worth in a game of points.
  const choicePart = (panel, table) => {
    const seats = table.seats.length;
    const fits = Object.entries(catalog).filter(([g, info]) => g !== table.game && info.seats[0] <= seats && seats <= info.seats[1]);
    const boxes = fits.map(([g, info]) => {
      const box = el("input", { type: "checkbox", "data-game": g, checked: panel.games.includes(g) ? "" : null });
      box.addEventListener("change", post("settings", () => ({ games: [...document.querySelectorAll("#host-games input:checked")].map((b) => b.dataset.game) })));
      return el("label", { class: "toggle" }, box, ` ${info.title}`);
    });
    const chooser = el("select", { id: "host-chooser", "aria-label": "who chooses the next game" },
      [["host", "me"], ["dealer", "the dealer of each orbit"]].map(([v, words]) => el("option", { value: v, selected: panel.chooser === v ? "" : null }, words)));
    chooser.addEventListener("change", post("settings", () => ({ chooser: chooser.value })));
    const value = el("input", { type: "number", min: 0, value: panel.point_value, id: "host-point-value", "aria-label": "chips a point is worth" });
    return el("div", { class: "host-choice" },
      el("p", { id: "host-games" }, "Dealer's choice, also play: ", boxes.length ? boxes : "no other game seats this table"),
      el("p", {}, "The next game is chosen by ", chooser),
      el("p", {}, "Chips a point is worth (Mount Holyoke): ", value,
        el("button", { id: "set-point-value", onclick: post("settings", () => ({ point_value: Number(value.value) || 0 })) }, "Set")));
  };

  // Chip requests and the table's limit on chips taken without asking.
  const chipsPart = (chips) => {
    const limit = el("input", { type: "number", min: 0, value: chips.limit, id: "chips-limit-amount", "aria-label": "chips a player may take without asking" });
    return el("div", { class: "host-chips" },
      el("p", {}, "Chips a player may take without asking: ", limit,
        el("button", { id: "set-chips-limit", onclick: post("chips-limit", () => ({ limit: Number(limit.value) })) }, "Set")),
      chips.requests.length ? el("ul", { id: "chip-requests" }, chips.requests.map((r) => el("li", { "data-account": r.account },
        `${r.name} (seat ${r.seat + 1}) asks for ${r.amount} chips `,
        el("button", { class: "approve", onclick: post(`chips/${r.account}/approve`, { amount: r.amount }) }, "Approve"),
        el("button", { class: "refuse", onclick: post(`chips/${r.account}/refuse`, { amount: r.amount }) }, "Refuse")))) : null);
  };

  // Each request waiting, in words, announced once: a strip atop the side panel with its
  // answers, the title, and sound and vibration (as this browser chose) for a new one.
  const announce = (seats, chips) => {
    const waiting = [
      ...seats.map((r) => ({ key: `seat ${r.account}`, words: `${r.name} asks for ${r.seat === null ? "a seat" : `seat ${r.seat + 1}`}`, path: `requests/${r.account}`, body: {} })),
      ...chips.map((r) => ({ key: `chips ${r.account} ${r.amount}`, words: `${r.name} asks for ${r.amount} chips`, path: `chips/${r.account}`, body: { amount: r.amount } })),
    ];
    const fresh = waiting.some((w) => !known.has(w.key));
    known = new Set(waiting.map((w) => w.key));
    hostAlert(waiting.length ? waiting.map((w) => w.words).join(", ") : null, fresh);
    let banner = document.getElementById("host-alert");
    if (!waiting.length) { if (banner) banner.remove(); return; }
    if (banner && !fresh && banner.dataset.keys === [...known].join("|")) return;
    const next = el("div", { id: "host-alert", role: "alert", "data-keys": [...known].join("|") },
      waiting.map((w) => el("p", { "data-request": w.key }, `${w.words} `,
        el("button", { class: "approve", onclick: post(`${w.path}/approve`, w.body) }, "Approve"),
        el("button", { class: "refuse", onclick: post(`${w.path}/refuse`, w.body) }, "Refuse"))));
    // at the top of the side panel, in its flow: beside a wide table the panel keeps to the
    // screen wherever the host is in the page, and it covers nothing of the table
    if (banner) banner.replaceWith(next); else side.prepend(next);
  };

  side.append(box);
  refresh();
  // a control being used (a top-up amount typed, a computer chosen) is not redrawn away
  const idle = () => !stopped && !box.contains(document.activeElement);
  let seen = null;
  const news = (event) => {
    const now = JSON.stringify(event.detail);
    if (now !== seen && !stopped) { seen = now; refresh(); }
  };
  window.addEventListener("pokernight-table", news);
  return () => {
    stopped = true;
    window.removeEventListener("pokernight-table", news);
    const banner = document.getElementById("host-alert");
    if (banner) banner.remove();
  };
}

// "Copy invite": the link on the clipboard, to paste into a message to friends; where the
// browser refuses (a page not served over HTTPS or from this machine), the link is selected
// for a copy by hand. ``said`` tells which.
function copyButton(invite, said) {
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
