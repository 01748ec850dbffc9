// The table: seats around an oval with you at the bottom, cards (backs for hidden ones), pot,
// the legal actions only, a turn timer, the hand log, the showdown panel and the records.
// Everything shown comes from the server's state message for this socket's seat.
import { call, card, dealNote, el } from "./api.js";
import { offline } from "./night.js";
import { hotkeys } from "./hotkeys.js";

export function showTable(main, id, me, refreshAccount) {
  let socket = null;
  let closed = false;
  let state = null;
  let selected = new Set();
  let flips = [];
  let timer = null;
  let fresh = false; // a newly dealt hand: all its cards come in with a short animation
  let shown = null; // your cards last drawn in this hand: any others are new (a draw), animated
  let sent = null; // the version last acted on
  let chips = null; // the pot and stakes last drawn: the ones that changed since are animated
  const problem = el("p", { class: "problem", id: "problem" });

  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") {
        problem.textContent = message.message;
        sent = null; // refused: the turn is still yours
        return;
      }
      if (message.view && message.view.events_from > 0) {
        // Only the events this socket has not had: the earlier ones of the hand are kept here.
        const held = state && state.view && state.view.hand === message.view.hand ? state.view.events : null;
        if (!held || held.length < message.view.events_from) {
          socket.send(JSON.stringify({ type: "sync" }));
          return;
        }
        message.view.events = held.slice(0, message.view.events_from).concat(message.view.events);
      }
      const newHand = !state || !message.view || !state.view || state.view.hand !== message.view.hand;
      const handChanged = newHand || state.view.phase !== message.view.phase;
      const finished = state && message.last && (!state.last || state.last.hand !== message.last.hand);
      state = message;
      if (handChanged) { selected = new Set(); flips = []; }
      if (newHand) { fresh = true; shown = null; }
      if (finished && me) refreshAccount();
      draw();
    };
    socket.onopen = () => offline(false);
    socket.onclose = () => { if (!closed) { offline(true); setTimeout(connect, 1000); } };
  };

  // One action a version: a second click (a double click) before the table answers would
  // only be refused as stale.
  const act = (action) => {
    if (sent === state.seq) return;
    sent = state.seq;
    problem.textContent = "";
    socket.send(JSON.stringify({ type: "act", action, seq: state.seq }));
  };

  const draw = () => {
    const { table, view, you, last } = state;
    const seats = table.seats.length;
    const bottom = you ?? 0;
    const oval = el("div", { class: fresh ? "oval dealing" : "oval", "data-seq": state.seq, "data-hand": view ? view.hand : "" },
      el("div", { class: "center" },
        view && view.pot !== null ? el("div", { id: "pot", "data-pot": view.pot, class: moved("pot", view.pot) }, `Pot ${view.pot}`) : null,
        view ? el("div", { class: "phase", "data-phase": view.phase }, `Hand ${view.hand} · ${view.phase}`) : null,
        view && view.board.length ? el("div", { class: "board", id: "board" },
          view.board_is ? el("div", { class: "board-is" }, view.board_is) : null, view.board.map((c) => card(c))) : null,
        !view || view.to_act === null ? el("div", { id: "status" }, status()) : null),
      table.seats.map((s) => seatBox(s, (s.seat - bottom + seats) % seats, seats)));
    // replaceChildren would print a null as the text "null": drop the parts not shown
    main.replaceChildren(...[
      el("div", { class: "tablebar" },
        el("a", { href: "#/" }, "← Lobby"),
        ` Table #${table.id}: ${table.game} `,
        el("a", { href: `/api/tables/${id}/records`, download: `table-${id}.jsonl`, id: "records" }, "Download hand records"),
        you !== null ? el("button", { id: "leave", onclick: leave }, "Leave") : el("span", { class: "spectator" }, " (watching)")),
      table.preparing ? preparing(table.preparing) : null,
      dealNote(table),
      oval,
      problem,
      actions(),
      view && view.rows ? el("pre", { class: "rows", id: "rows" }, view.rows.join("\n")) : null,
      last ? showdown(last, view) : null,
      view ? el("details", { class: "log", open: "" }, el("summary", {}, `Hand ${view.hand} log`),
        el("ol", { id: "log" }, view.events.filter((e) => e.text).map((e) => el("li", {}, e.text)))) : null,
    ].filter((part) => part !== null));
    const log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight; // a long hand's log keeps its latest line in sight
    tick();
    fresh = false;
    chips = view ? { pot: view.pot, ...view.stakes } : null;
    shown = view && you !== null ? view.cards[you] : null;
  };

  // "moved" when a pot or a stake differs from the one drawn before: chips went in or out.
  const moved = (key, value) => (chips && key in chips && chips[key] !== value ? "moved" : "");
  // "dealt" on a card of yours not among those drawn before in this hand: it just came.
  const arrived = (c) => (shown && !shown.includes(c) ? " dealt" : "");

  // What the table waits for when no one is to act: the game's end, people to sit down, or
  // the next deal (counted down to the time the server sends).
  const status = () => {
    const { table, deadline } = state;
    if (table.over) return `Over: ${table.over}`;
    if (table.paused) return "Paused by the host";
    if (table.preparing) return "Waiting for a computer player to get ready";
    if (table.seats.some((s) => !s.computer && !s.player)) return "Waiting for players to sit down";
    if (!deadline) return "Next hand coming";
    return el("span", { "data-countdown": "Next hand in " }, "Next hand in");
  };

  // A computer's one-time work (the expert's first solve) the table waits for: what, how far,
  // and where it stands, or why it failed.
  const preparing = (work) => el("div", { id: "preparing", role: "status" },
    el("div", { class: "what" }, work.title),
    el("progress", { max: "1", value: String(work.done), "aria-label": "done" }),
    ` ${Math.round(work.done * 100)}% · `,
    el("span", { class: "where" }, work.failed ? `It failed, so the table cannot deal: ${work.failed}` : work.line));

  const seatBox = (s, position, seats) => {
    const { view, you, last } = state;
    const angle = Math.PI / 2 + (2 * Math.PI * position) / seats;
    const style = `left:${50 + 42 * Math.cos(angle)}%;top:${50 + 40 * Math.sin(angle)}%`;
    const cards = view ? view.cards[s.seat] : [];
    const mine = s.seat === you;
    const who = s.computer ? `computer (${s.computer})` : s.player ?? (me && you === null
      ? el("button", { class: "sit", onclick: sit(s.seat) }, "Sit") : "open");
    const over = view && view.to_act === null && last && last.hand === view.hand;
    const won = over && [...last.high_winners, ...last.low_winners].includes(s.seat);
    const hidden = cards.filter((c) => c === null).length;
    return el("div", {
      class: `seat${view && view.to_act === s.seat ? " to-act" : ""}${mine ? " you" : ""}${view && !view.live[s.seat] ? " out" : ""}${won ? " won" : ""}`,
      style, "data-seat": s.seat,
    },
      el("div", { class: "who" }, `${s.seat + 1}. `, who, view && view.dealer === s.seat ? " (D)" : "", won ? " ★ won" : "",
        state.table.away.includes(s.seat) ? " · away" : ""),
      view ? el("div", { class: `stake ${moved(s.seat, view.stakes[s.seat])}`, "data-stake": view.stakes[s.seat] },
        view.points ? `${-view.stakes[s.seat]} points` : `stake ${view.stakes[s.seat]}`,
        view.committed && view.committed[s.seat] ? ` · bet ${view.committed[s.seat]}` : "",
        hidden > 5 ? ` · ${hidden} cards` : "") : null,
      el("div", { class: "cards" }, cards.map((c, i) => mine && c !== null
        ? card(c, {
          class: `card mine${selected.has(c) ? " selected" : ""}${flips[i] ? " flipped" : ""}${arrived(c)}`,
          role: "button", tabindex: 0, "aria-pressed": String(selected.has(c) || Boolean(flips[i])),
          onclick: () => (orienting() ? turn(i) : toggle(c)),
          // keyboard play: Enter or Space chooses (or turns) the focused card
          onkeydown: (event) => {
            if (event.key !== "Enter" && event.key !== " ") return;
            event.preventDefault();
            if (orienting()) turn(i); else toggle(c);
          },
        })
        : card(c))));
  };

  const toggle = (c) => {
    if (selected.has(c)) selected.delete(c); else selected.add(c);
    draw();
    refocus(c);
  };

  // While orienting, a click on a card (or its button) turns it end for end.
  const orienting = () => Boolean(state.view && state.view.legal && state.view.legal.kind === "orient");
  const turn = (i) => { flips[i] = flips[i] ? 0 : 1; draw(); refocus(state.view.cards[state.you][i]); };
  // A redraw replaces the cards: keyboard focus stays on the card just chosen.
  const refocus = (c) => { const node = main.querySelector(`.card.mine[data-card="${c}"]`); if (node) node.focus(); };

  const sit = (seat) => async () => {
    try { await call("POST", `/api/tables/${id}/sit`, { seat }); socket.send(JSON.stringify({ type: "sync" })); }
    catch (error) { problem.textContent = error.message; }
  };

  const leave = async () => {
    try { await call("POST", `/api/tables/${id}/leave`); location.hash = "#/"; }
    catch (error) { problem.textContent = error.message; }
  };

  // Exactly the legal actions: buttons for the listed ones, card selection for the ones that
  // name cards, an amount for a range of wagers, a flip per card for orientations.
  const actions = () => {
    const { view, you } = state;
    if (!view || you === null || view.to_act !== you || !view.legal) {
      return el("div", { class: "actions", id: "actions" }, view && view.to_act !== null ? `Waiting for seat ${view.to_act + 1}` : "");
    }
    const legal = view.legal;
    const hole = view.cards[you];
    const chosen = hole.filter((c) => selected.has(c));
    const timerNode = el("span", { id: "timer", "data-countdown": "" });
    const panel = el("div", { class: "actions your-turn", id: "actions", "data-seq": state.seq }, el("strong", {}, "Your turn "), timerNode);
    if (legal.actions) {
      const plain = legal.actions.filter((a) => !/^(discard|play|set) /.test(a));
      panel.append(...plain.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a)));
      for (const kind of ["discard", "play", "set"]) {
        const named = legal.actions.filter((a) => a.startsWith(`${kind} `));
        if (!named.length) continue;
        const wanted = `${kind} ${chosen.join(" ")}`;
        const match = named.find((a) => same(a, wanted));
        panel.append(el("button", { "data-action": kind, disabled: match ? null : "", onclick: () => act(match) },
          `${kind} selected (${chosen.length})`));
      }
      if (legal.actions.some((a) => / /.test(a) && /^(discard|play|set) /.test(a))) {
        panel.append(el("span", { class: "hint" }, " click your cards to choose them"));
      }
    } else if (legal.kind === "bet") {
      const [low, high] = [Number(legal.first.split(" ")[1]), Number(legal.last.split(" ")[1])];
      const amount = el("input", { id: "amount", type: "number", min: low, max: high, value: low, "aria-label": "amount" });
      panel.append(amount, el("button", { "data-action": "bet", onclick: () => act(`bet ${amount.value}`) }, `bet (${low}–${high})`));
    } else if (legal.kind === "orient") {
      panel.append(
        el("span", { class: "hint" }, " turn cards so the top ends make your high hand: "),
        ...hole.map((c, i) => el("button", { class: "flip", "data-flip": i, onclick: () => turn(i) }, `${flips[i] ? "turned" : "as dealt"} ${c}`)),
        el("button", { "data-action": "orient", onclick: () => act(`orient ${hole.map((_, i) => flips[i] || 0).join(",")}`) }, "orient"));
    } else {
      const kind = legal.kind;
      panel.append(el("button", { "data-action": kind, disabled: chosen.length ? null : "", onclick: () => act(`${kind} ${chosen.join(" ")}`) },
        `${kind} selected (${chosen.length})`), el("span", { class: "hint" }, ` ${legal.summary}`));
    }
    return panel;
  };

  // Count down to the state's deadline: your turn's time left, or the next deal.
  const tick = () => {
    clearInterval(timer);
    const nodes = [...document.querySelectorAll("[data-countdown]")];
    if (!nodes.length || !state.deadline) return;
    const show = () => {
      const left = Math.max(0, Math.ceil(state.deadline - Date.now() / 1000));
      for (const node of nodes) node.textContent = `${node.dataset.countdown}${left} s`;
    };
    show();
    timer = setInterval(show, 500);
  };

  connect();
  const stopKeys = hotkeys(main);
  return () => { closed = true; clearInterval(timer); offline(false); stopKeys(); if (socket) socket.close(); };
}

function same(a, b) {
  const words = (s) => s.split(" ").slice(1).sort().join(" ");
  return a.split(" ")[0] === b.split(" ")[0] && words(a) === words(b);
}

// The last hand's result in the events' own words (the hands shown, the dealer's hand, who
// won what and why), and what it did to each seat.
// A points game's stakes and nets are minus the points (fewer is better): shown as points.
function showdown(last, view) {
  const signed = (n) => (view && view.points ? `${-n} points` : `${n > 0 ? "+" : ""}${n}`);
  return el("section", { class: "showdown", id: "showdown", "data-hand": last.hand },
    el("h3", {}, `Hand ${last.hand}`),
    el("ul", { class: "said" }, (last.said || []).map((line) => el("li", {}, line))),
    el("ul", { id: "nets" }, last.net.map((n, s) => el("li", { "data-seat": s }, `Seat ${s + 1} (${last.players[s]}): ${signed(n)}`))),
    view && view.points ? el("p", { class: "hint" }, "Points: fewer is better.") : null);
}
