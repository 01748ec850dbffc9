// The table: the felt (pot, phase, board and the other seats, compact, in the order they sit
// after yours) and below it the dock, your seat with its cards and the legal actions only: on a
// phone or a tablet the dock stays at the bottom of the screen, so on your turn your cards and
// every action are in view without scrolling. Then the game's rows, the hand log, the last
// result, the night's hands and your chips. Your seat request as it stands, "I'm back" when you
// sit out, and a confirmation before leaving in the middle of a hand.
// Everything shown comes from the server's messages for this socket.
import { call, card, dealNote, el, setApart } from "./api.js";
import { offline } from "./night.js";
import { hotkeys } from "./hotkeys.js";
import { turnPanel } from "./turn.js";
import { turnAlert } from "./alerts.js";
import { historyPanel } from "./history.js";

export function showTable(main, id, me, refreshAccount) {
  let socket = null;
  let closed = false;
  let state = null;
  let games = {}; // what the catalog says of each game: its title, its suggested move, its set hands
  // your choice being made, and what the server was asked and said of it
  const choice = { selected: new Set(), flips: [], tried: null, asked: null, askedAt: null, pending: null, timer: null };
  let timer = null;
  let fresh = false; // a newly dealt hand: all its cards come in with a short animation
  let shown = null; // your cards last drawn in this hand: any others are new (a draw), animated
  let sent = null; // the version last acted on
  let drawn = null; // the version the page shows (its buttons were chosen on it)
  let chips = null; // the pot and stakes last drawn: the ones that changed since are animated
  let request = null; // your seat request's latest news (waiting, approved, refused)
  let leaving = false; // Leave was pressed in the middle of your hand: confirm it first
  let logOpen = true; // the hand log stays as the person left it (folded or open) across redraws
  const problem = el("p", { class: "problem", id: "problem", role: "status" });
  // the table as it stands, redrawn with each message; the night's hands below it, kept
  const now = el("div", { class: "table-now" });
  const history = historyPanel(id);
  main.replaceChildren(now, history.node);

  const send = (message) => socket && socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
  // A question (``try``, ``suggest``) names the version it is about: the server answers only
  // about the state this page holds, never a newer hand it has not been sent yet.
  const ask = (message) => {
    choice.askedAt = drawn;
    send({ ...message, seq: drawn });
  };

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
      if (message.type === "request") {
        request = message;
        if (state) draw();
        return;
      }
      if (message.type === "tried") {
        if (message.action !== choice.asked) return; // about a choice since changed
        if (message.seq !== choice.askedAt) {
          // asked about a version since replaced: the redraw asks again about the latest
          choice.asked = null;
          if (state) draw();
          return;
        }
        choice.tried = message;
        if (state) draw();
        return;
      }
      if (message.type === "suggested") {
        if (message.action) {
          choice.selected = new Set(message.action.split(" ").slice(1));
          problem.textContent = "";
        } else problem.textContent = message.problem;
        if (state) draw();
        return;
      }
      if (message.view && message.view.events_from > 0) {
        // Only the events this socket has not had: the earlier ones of the hand are kept here.
        const held = state && state.view && state.view.hand === message.view.hand ? state.view.events : null;
        if (!held || held.length < message.view.events_from) {
          send({ type: "sync" });
          return;
        }
        message.view.events = held.slice(0, message.view.events_from).concat(message.view.events);
      }
      const newHand = !state || !message.view || !state.view || state.view.hand !== message.view.hand;
      const handChanged = newHand || state.view.phase !== message.view.phase;
      // your turn taken (or timed out): the cards you chose for it are chosen no longer
      const turnOver = !newHand && state.view.to_act === state.you && message.view.to_act !== message.you;
      const finished = state && message.last && (!state.last || state.last.hand !== message.last.hand);
      state = message;
      // the host's panel redraws when the table changes (a seat request, someone sitting out)
      window.dispatchEvent(new CustomEvent("pokernight-table", { detail: message.table }));
      window.dispatchEvent(new CustomEvent("pokernight-state", { detail: message }));
      if (handChanged || turnOver) {
        clearTimeout(choice.timer);
        Object.assign(choice, { selected: new Set(), flips: [], tried: null, asked: null, pending: null });
      }
      if (newHand) { fresh = true; shown = null; leaving = false; }
      if (finished) history.hand();
      if (finished && me) refreshAccount();
      draw();
    };
    socket.onopen = () => offline(false);
    socket.onclose = () => { if (!closed) { offline(true); setTimeout(connect, 1000); } };
  };

  // One action a version: a second click (a double click) before the table answers would
  // only be refused as stale. An action names the version drawn, the one its button was
  // chosen on (a message may have come during the press, drawn once it ends).
  const act = (action) => {
    if (sent === drawn) return;
    sent = drawn;
    problem.textContent = "";
    send({ type: "act", action, seq: drawn });
  };

  // A redraw replaces the page's buttons and cards: one between a press and its release
  // would swallow the click (the press on the old button, the release on the new one). A
  // message that comes meanwhile is drawn once the press ends (at most a second later).
  const press = { down: false, held: false, timer: null };
  const pressed = () => {
    press.down = true;
    clearTimeout(press.timer);
    press.timer = setTimeout(released, 1000);
  };
  const released = () => {
    press.down = false;
    clearTimeout(press.timer);
    if (press.held) {
      press.held = false;
      setTimeout(() => { if (!closed) draw(); }, 0); // after the click the release ends
    }
  };
  main.addEventListener("pointerdown", pressed, true);
  main.addEventListener("pointerup", released, true);
  main.addEventListener("pointercancel", released, true);
  // A double click's second click goes where its first did, or nowhere. Between the two the
  // table may answer the first (an action taken), and the redraw puts something else under
  // the pointer: a card, which the second click would choose (and leave chosen into the next
  // turn), or the next turn's button, which it would press. What a click is on: one of your
  // cards, or a button on the version drawn.
  let lastClicked = null;
  const clickedOn = (target) => {
    const card = target.closest(".card.mine");
    if (card) return `card ${card.dataset.card}`;
    const button = target.closest("button");
    if (!button) return null;
    return `button ${button.dataset.action || button.dataset.flip || button.id || button.textContent} ${drawn}`;
  };
  const clicked = (event) => {
    const on = event.target instanceof Element ? clickedOn(event.target) : null;
    if (event.detail > 1 && on !== lastClicked) { event.stopPropagation(); event.preventDefault(); }
    lastClicked = on;
  };
  main.addEventListener("click", clicked, true);

  const draw = () => {
    if (press.down) { press.held = true; return; }
    drawn = state.seq;
    const { table, view, you, last } = state;
    // a redraw replaces the cards: the card of yours the keyboard was on keeps the focus
    const active = document.activeElement;
    const focused = active && active.matches(".card.mine") ? active.dataset.card : null;
    const seats = table.seats.length;
    const mine = view && you !== null && view.to_act === you && view.legal;
    const game = games[table.game] || { title: table.game, set_as: [], suggestion: null, preview: false };
    // a turn is known by the hand and how far it had gone: each new one calls you once
    turnAlert(mine ? `${table.id}:${view.hand}:${view.events.length}` : null, `Table #${table.id} · ${game.title}`);
    // the other seats in the order they sit after yours (a spectator: from the first)
    const order = table.seats.map((_, i) => ((you ?? -1) + 1 + i) % seats).filter((s) => s !== you);
    const oval = el("div", { class: fresh ? "oval dealing" : "oval", "data-seq": state.seq, "data-hand": view ? view.hand : "" },
      el("div", { class: "felt" },
        el("div", { class: "center" },
          view && view.pot !== null ? el("div", { id: "pot", "data-pot": view.pot, class: moved("pot", view.pot) }, `Pot ${view.pot}`) : null,
          view ? el("div", { class: "phase", "data-phase": view.phase }, `Hand ${view.hand} · ${view.phase}`) : null,
          view && view.board.length ? el("div", { class: "board", id: "board" },
            view.board_is ? el("div", { class: "board-is" }, view.board_is) : null, setApart(view.board, view, game, (c) => card(c))) : null,
          !view || view.to_act === null ? el("div", { id: "status" }, status()) : null),
        el("div", { class: "others" }, order.map((s) => seatBox(table.seats[s], game)))),
      el("div", { class: mine ? "dock yours" : "dock", id: "dock" },
        you !== null ? seatBox(table.seats[you], game) : null,
        problem,
        turnPanel(state, choice, game, { act, redraw: draw, ask })));
    // replaceChildren would print a null as the text "null": drop the parts not shown
    now.replaceChildren(...[
      el("div", { class: "tablebar" },
        el("a", { href: "#/" }, "← Lobby"),
        el("h1", { class: "table-title" }, `Table #${table.id}: ${game.title}`),
        el("a", { href: `/api/tables/${id}/records`, download: `table-${id}.jsonl`, id: "records" }, "Download hand records"),
        you !== null ? leaveControl() : el("span", { class: "spectator" }, " (watching)")),
      table.preparing ? preparing(table.preparing) : null,
      dealNote(table),
      asked(),
      sittingOut(),
      oval,
      view && view.rows ? el("section", { class: "rows-box", "aria-label": "the seed's rows" },
        el("pre", { class: "rows", id: "rows", tabindex: 0 }, view.rows.join("\n")),
        view.legend ? el("ul", { class: "legend", id: "legend" }, view.legend.map((line) => el("li", {}, line))) : null) : null,
      last ? showdown(last, view) : null,
      view ? el("details", { class: "log", open: logOpen ? "" : null, ontoggle: (e) => { logOpen = e.target.open; } },
        el("summary", {}, `Hand ${view.hand} log`),
        el("ol", { id: "log", tabindex: 0, "aria-label": "hand log" }, view.events.filter((e) => e.text).map((e) => el("li", {}, e.text)))) : null,
    ].filter((part) => part !== null));
    const log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight; // a long hand's log keeps its latest line in sight
    if (focused) refocus(focused);
    tick();
    fresh = false;
    chips = view ? { pot: view.pot, ...table.seats.map((s) => stakeOf(s.seat)) } : null;
    shown = view && you !== null ? view.cards[you] : null;
  };

  // "moved" when a pot or a stake differs from the one drawn before: chips went in or out.
  const moved = (key, value) => (chips && key in chips && chips[key] !== value ? "moved" : "");
  // "dealt" on a card of yours not among those drawn before in this hand: it just came.
  const arrived = (c) => (shown && !shown.includes(c) ? " dealt" : "");

  // What the table waits for when no one is to act: the game's end, players (the server says
  // which), or the next deal (counted down to the time the server sends).
  const status = () => {
    const { table, deadline } = state;
    if (table.over) return `Over: ${table.over}`;
    if (table.paused && me && table.host === me.name) {
      // the host deals (or resumes) from the felt: the panel's button may be far below
      const dealt = Boolean(state.view);
      return el("span", {}, `${table.waiting || "Paused by the host"} `,
        el("button", { id: "deal-now", onclick: () => call("POST", `/api/tables/${id}/resume`).catch((error) => { problem.textContent = error.message; }) },
          dealt ? "Resume" : "Deal"));
    }
    if (table.paused) return table.waiting || "Paused by the host";
    if (table.preparing) return "Waiting for a computer player to get ready";
    if (table.waiting) return table.waiting;
    if (!deadline) return "Next hand coming";
    return el("span", { "data-countdown": "Next hand in " }, "Next hand in");
  };

  // A seat's stake: during a hand the hand's; between hands the next hand's, so a top-up
  // shows at once.
  const stakeOf = (seat) => {
    const { table, view } = state;
    return view.to_act === null && table.stakes.length ? table.stakes[seat] : view.stakes[seat];
  };

  // Whether you hold cards in the hand being played: leaving now leaves them to the table.
  const inHand = () => {
    const { view, you } = state;
    return Boolean(view && view.to_act !== null && view.seat === you && you !== null && view.cards[you].length && view.live[you]);
  };

  // Leave: at once between hands (or when you hold no cards); in the middle of your hand, a
  // second, explicit choice, since the table then plays your cards out and settles with you.
  const leaveControl = () => {
    if (!leaving || !inHand()) return el("button", { id: "leave", onclick: () => { if (inHand()) { leaving = true; draw(); } else leave(); } }, "Leave");
    return el("span", { id: "leave-ask", role: "alert" },
      "Leave in the middle of a hand? The table checks or folds your cards for you, and what you put in stays in the pot. ",
      el("button", { id: "leave-confirm", onclick: leave }, "Leave now"),
      el("button", { id: "leave-stay", onclick: () => { leaving = false; draw(); } }, "Stay"));
  };

  // Your seat request, as the host has (not yet) answered it: shown until you are seated.
  const asked = () => {
    if (!request || (request.status === "approved" && state.you !== null)) return null;
    return el("p", { id: "request", class: `request ${request.status}`, role: "status", "data-status": request.status }, request.message);
  };

  // You sit out (every page of yours was closed, you missed your turns, the host set you away,
  // or you chose to): dealt in again from the next hand once you say you are back. Or you are
  // back (or just sat down), and the hand in play was dealt without you.
  const sittingOut = () => {
    const { table, view, you } = state;
    if (you === null) return null;
    if (table.sitting_out.includes(you)) {
      return el("p", { id: "sitting-out", role: "status" }, "You are sitting out: no cards, no ante. ",
        el("button", { id: "back", onclick: () => send({ type: "back" }) }, "I'm back"));
    }
    if (view && view.to_act !== null && (view.seat !== you || !view.cards[you].length)) {
      return el("p", { id: "sitting-out", role: "status" }, "This hand was dealt without you: you are dealt in from the next one.");
    }
    return null;
  };

  // A computer's one-time work (the expert's first solve) the table waits for: what, how far,
  // and where it stands, or why it failed.
  const preparing = (work) => el("div", { id: "preparing", role: "status" },
    el("div", { class: "what" }, work.title),
    el("progress", { max: "1", value: String(work.done), "aria-label": "done" }),
    ` ${Math.round(work.done * 100)}% · `,
    el("span", { class: "where" }, work.failed ? `It failed, so the table cannot deal: ${work.failed}` : work.line));

  // One seat: who plays it, its stake (or points) and bet, and its cards (backs for hidden
  // ones). Yours, in the dock, with cards to choose or turn.
  const seatBox = (s, game) => {
    const { view, you, last, table } = state;
    const cards = view ? view.cards[s.seat] : [];
    const mine = s.seat === you;
    const who = s.computer ? `computer (${s.computer})` : s.player ?? (me && you === null
      ? el("button", { class: "sit", onclick: sit(s.seat) }, "Sit") : "open");
    const over = view && view.to_act === null && last && last.hand === view.hand;
    const won = over && [...last.high_winners, ...last.low_winners].includes(s.seat);
    const hidden = cards.filter((c) => c === null).length;
    return el("div", {
      class: `seat${view && view.to_act === s.seat ? " to-act" : ""}${mine ? " you" : ""}${view && !view.live[s.seat] ? " out" : ""}${won ? " won" : ""}`,
      "data-seat": s.seat, "aria-current": view && view.to_act === s.seat ? "true" : null,
    },
      el("div", { class: "who" }, `${s.seat + 1}. `, who, view && view.dealer === s.seat ? " (D)" : "", won ? " ★ won" : "",
        table.away.includes(s.seat) ? " · away" : table.sitting_out.includes(s.seat) ? " · sitting out" : ""),
      view ? el("div", { class: `stake ${moved(s.seat, stakeOf(s.seat))}`, "data-stake": stakeOf(s.seat) },
        view.points ? `${-stakeOf(s.seat)} points` : `stake ${stakeOf(s.seat)}`,
        view.committed && view.committed[s.seat] ? ` · bet ${view.committed[s.seat]}` : "",
        hidden > 5 ? ` · ${hidden} cards` : "") : null,
      el("div", { class: "cards" }, setApart(cards, view, game, (c, i) => (mine && c !== null ? ownCard(c, i) : card(c)))));
  };

  // One of your cards: chosen (or turned, while orienting) by a click, Enter or Space. A turned
  // card is drawn upright, its ends swapped, and marked as turned.
  const ownCard = (c, i) => {
    const turned = Boolean(choice.flips[i]);
    const shownAs = turned && c.includes("/") ? c.split("/").reverse().join("/") : c;
    const node = card(shownAs, {
      class: `card mine${choice.selected.has(c) ? " selected" : ""}${turned ? " flipped" : ""}${arrived(c)}`,
      role: "button", tabindex: 0, "aria-pressed": String(choice.selected.has(c) || turned),
      onclick: () => (orienting() ? turn(i) : toggle(c)),
      // keyboard play: Enter or Space chooses (or turns) the focused card
      onkeydown: (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        if (orienting()) turn(i); else toggle(c);
      },
    });
    node.dataset.card = c; // the card as dealt, whichever end is drawn on top
    if (turned) node.setAttribute("aria-label", `${node.getAttribute("aria-label")}, turned`);
    return node;
  };

  const toggle = (c) => {
    if (choice.selected.has(c)) choice.selected.delete(c); else choice.selected.add(c);
    choice.tried = null;
    draw();
    refocus(c);
  };

  // While orienting, a click on a card (or its button) turns it end for end.
  const orienting = () => Boolean(state.view && state.view.legal && state.view.legal.kind === "orient");
  const turn = (i) => { choice.flips[i] = choice.flips[i] ? 0 : 1; choice.tried = null; draw(); refocus(state.view.cards[state.you][i]); };
  // A redraw replaces the cards: keyboard focus stays on the card just chosen.
  const refocus = (c) => { const node = main.querySelector(`.card.mine[data-card="${c}"]`); if (node) node.focus(); };

  const sit = (seat) => async () => {
    try { await call("POST", `/api/tables/${id}/sit`, { seat }); send({ type: "sync" }); }
    catch (error) { problem.textContent = error.message; }
  };

  const leave = async () => {
    try { await call("POST", `/api/tables/${id}/leave`); location.hash = "#/"; }
    catch (error) { problem.textContent = error.message; }
  };

  // Count down to the state's deadline: your turn's time left, or the next deal.
  function tick() {
    clearInterval(timer);
    const nodes = [...document.querySelectorAll("[data-countdown]")];
    if (!nodes.length || !state.deadline) return;
    const show = () => {
      const left = Math.max(0, Math.ceil(state.deadline - Date.now() / 1000));
      for (const node of nodes) node.textContent = `${node.dataset.countdown}${left} s`;
    };
    show();
    timer = setInterval(show, 500);
  }

  // the games' titles first (one request), so the table is drawn once with its title
  call("GET", "/api/games").then((found) => { games = found; })
    .catch(() => {}).finally(() => { if (!closed) connect(); });
  const stopKeys = hotkeys(main);
  return () => {
    closed = true; clearInterval(timer); clearTimeout(choice.timer); clearTimeout(press.timer);
    for (const [kind, listener] of [["pointerdown", pressed], ["pointerup", released], ["pointercancel", released]]) {
      main.removeEventListener(kind, listener, true);
    }
    main.removeEventListener("click", clicked, true);
    offline(false); stopKeys(); turnAlert(null, null); if (socket) socket.close();
  };
}

// The last hand's result in the events' own words (the hands shown, the dealer's hand, who
// won what and why), and what it did to each seat.
// A points game's stakes and nets are minus the points (fewer is better): shown as points.
// The result says its own unit (at a table of dealer's choice the hand now dealt may be
// another game's); a result stored before it did takes the view's.
function showdown(last, view) {
  const points = last.points ?? Boolean(view && view.points);
  const signed = (n) => (points ? `${-n} points` : `${n > 0 ? "+" : ""}${n}`);
  return el("section", { class: "showdown", id: "showdown", "data-hand": last.hand },
    el("h2", {}, `Hand ${last.hand}`),
    el("ul", { class: "said" }, (last.said || []).map((line) => el("li", {}, line))),
    el("ul", { id: "nets" }, last.net.map((n, s) => el("li", { "data-seat": s }, `Seat ${s + 1} (${last.players[s]}): ${signed(n)}`))),
    points ? el("p", { class: "hint" }, "Points: fewer is better.") : null);
}
