// The table: an oval felt (the pot and the bets as chips, the phase, the board) with the other
// seats around it in the order they sit after yours (on a phone, stacked above the pot), and
// below it the dock, your seat with its cards and the legal actions only: on your turn the
// dock is fixed to the bottom of the screen at every size, so your cards and every action are
// in view wherever you are in the page (the page keeps room below for it, so it covers nothing
// for good). Then the game's rows, the hand log, the last result (a points game's points table
// at its end), the night's hands and your chips. The records, the deal's note and Leave in a
// small menu; your seat request as it stands, "I'm back" when you sit out, and a confirmation
// before leaving in the middle of a hand.
// Everything shown comes from the server's messages for this socket.
import { call, card, chipStack, computerName, dealNote, el, roundWords, setApart, tournamentPanel } from "./api.js";
import { offline } from "./night.js";
import { hotkeys } from "./hotkeys.js";
import { ring, turnPanel } from "./turn.js";
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
  let menuOpen = false; // and so does the table's menu
  let faces = null; // each seat's cards last drawn in this hand: a back since turned face up is animated
  let points = null; // a finished points game's standings: { hand, games } once fetched
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
      if (message.type === "chat") {
        // a chat line said at the table: the chat beside it shows it (chat.js)
        window.dispatchEvent(new CustomEvent("pokernight-chat", { detail: message }));
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
      if (newHand) { fresh = true; shown = null; faces = null; leaving = false; }
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
    const rim = around(order.length);
    const oval = el("div", { class: fresh ? "oval dealing" : "oval", "data-seq": state.seq, "data-hand": view ? view.hand : "" },
      el("div", { class: "felt", style: `--cols: ${rim.cols}; --rows: ${rim.rows}` },
        el("div", { class: "center", style: `--place: ${rim.center}` },
          view && view.pot !== null ? chipStack(view.pot, `Pot ${view.pot}`, { id: "pot", "data-pot": view.pot, class: `pot ${moved("pot", view.pot)}` }) : null,
          view ? el("div", { class: "phase", "data-phase": view.phase }, `${counted(view, table)} · ${view.phase}`) : null,
          view && view.board.length ? el("div", { class: "board", id: "board", "data-game": table.game },
            view.board_is ? el("div", { class: "board-is" }, view.board_is) : null,
            el("div", { class: "board-cards" }, setApart(view.board, view, game, (c) => card(c)))) : null,
          !view || view.to_act === null ? el("div", { id: "status" }, status()) : null),
        order.map((s, i) => seatBox(table.seats[s], game, rim.seats[i]))),
      el("div", { class: mine ? "dock yours" : "dock", id: "dock" },
        you !== null ? seatBox(table.seats[you], game, null) : null,
        problem,
        turnPanel(state, choice, game, { act, redraw: draw, ask })));
    // replaceChildren would print a null as the text "null": drop the parts not shown
    now.replaceChildren(...[
      el("div", { class: "tablebar" },
        el("a", { href: "#/" }, "← Lobby"),
        el("h1", { class: "table-title" }, `Table #${table.id}: ${game.title}`),
        you === null ? el("span", { class: "spectator" }, "(watching)") : null,
        menu(table)),
      table.preparing ? preparing(table.preparing) : null,
      table.tournament ? tournamentPanel(table.tournament, (seat) => placeName(table, seat, you)) : null,
      asked(),
      sittingOut(),
      oval,
      view && view.rows ? el("section", { class: "rows-box", "aria-label": "the seed's rows" },
        el("pre", { class: "rows", id: "rows", tabindex: 0 }, view.rows.join("\n")),
        view.legend ? el("ul", { class: "legend", id: "legend" }, view.legend.map((line) => el("li", {}, line))) : null) : null,
      last ? showdown(last, view, you, roundOf(last.hand), standings()) : null,
      view ? el("details", { class: "log", open: logOpen ? "" : null, ontoggle: (e) => { logOpen = e.target.open; } },
        el("summary", {}, `Hand ${view.hand} log`),
        el("ol", { id: "log", tabindex: 0, "aria-label": "hand log" }, view.events.filter((e) => e.text).map((e) => el("li", {}, e.text)))) : null,
    ].filter((part) => part !== null));
    room.observe(document.getElementById("dock"));
    const log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight; // a long hand's log keeps its latest line in sight
    if (focused) refocus(focused);
    tick();
    fresh = false;
    chips = view ? { pot: view.pot, ...table.seats.map((s) => stakeOf(s.seat)) } : null;
    shown = view && you !== null ? view.cards[you] : null;
    faces = view ? view.cards : null;
  };

  // The fixed dock lines up with the table (not the side panel beside it) and the page keeps
  // room below for it, so it covers nothing that cannot be scrolled into view; the room is
  // measured whenever the dock or the table changes size.
  const root = document.documentElement.style;
  const room = new ResizeObserver(() => {
    const dock = document.getElementById("dock");
    const area = now.getBoundingClientRect();
    root.setProperty("--dock-left", `${area.left}px`);
    root.setProperty("--dock-width", `${area.width}px`);
    root.setProperty("--dock-room", dock && dock.classList.contains("yours") ? `${dock.offsetHeight}px` : "0px");
  });
  room.observe(now);

  // A seat as a sit-and-go's places name it: you, a person by name, a computer as the seat says.
  const placeName = (table, seat, you) => {
    const s = table.seats[seat];
    if (seat === you) return "you";
    return s.computer ? computerName(s.computer) : s.player ?? `Seat ${seat + 1}`;
  };
  // The hand's number, or in a game of points the round (a server that does not say the
  // round falls back to the hand).
  const counted = (view, table) => (view.points && table.round ? roundWords(table.round) : `Hand ${view.hand}`);
  // The round a finished hand was, where the table still says so (the round shown is its own).
  const roundOf = (hand) => {
    const { table, view } = state;
    return view && view.points && table.round && view.hand === hand ? table.round : null;
  };

  // A points game over (its last round's result shown, or the table waiting or over after it):
  // the night's standings, fetched once for that hand, give its points table.
  const standings = () => {
    const { table, view, last } = state;
    if (!view || !view.points || !last || view.to_act !== null) return null;
    const round = roundOf(last.hand);
    // (a pause between rounds says the table waits too: not an end)
    const ended = (round && round.number === round.of) || table.over || (table.waiting && !table.paused);
    if (!ended) return null;
    if (!points || points.hand !== last.hand) {
      points = { hand: last.hand, games: null };
      call("GET", `/api/tables/${id}/standings`).then((games) => {
        if (points.hand !== last.hand || closed) return;
        points.games = games;
        if (state) draw();
      }).catch(() => {});
    }
    const games = points.games && points.games.filter((g) => g.unit === "points" && g.game === view.game);
    return games && games.length ? games[games.length - 1] : null;
  };

  // The table's menu: the hand records, what the table is dealt from, and Leave (its question,
  // once asked, keeps the menu open).
  // (kept as it is clicked, not at its toggle event: a redraw in between would fold it again)
  const menu = (table) => el("details", { class: "table-menu", id: "table-menu", open: menuOpen || leaving ? "" : null },
  el("summary", { onclick: (e) => { menuOpen = !e.currentTarget.parentElement.open; } }, "Table ▾"),
  el("div", { class: "menu-body" },
    el("a", { href: `/api/tables/${id}/records`, download: `table-${id}.jsonl`, id: "records" }, "Download hand records"),
    dealNote(table),
    state.you !== null ? leaveControl() : null));

  // "moved" when a pot or a stake differs from the one drawn before: chips went in or out.
  const moved = (key, value) => (chips && key in chips && chips[key] !== value ? "moved" : "");
  // "dealt" on a card of yours not among those drawn before in this hand: it just came.
  const arrived = (c) => (shown && !shown.includes(c) ? " dealt" : "");
  // "turned" on a seat's card drawn as a back before in this hand and shown now: it turns over.
  const turnedUp = (seat, i) => (faces && faces[seat] && faces[seat][i] === null ? " turned" : "");

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
      state.view.points
        ? "Leave in the middle of a round? You are charged the points of the cards you hold. "
        : "Leave in the middle of a hand? The table checks or folds your cards for you, and what you put in stays in the pot. ",
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
    const next = view && view.points ? "round" : "hand";
    if (table.sitting_out.includes(you)) {
      // asked in the middle of a hand you play: it is still yours, the sitting out comes next
      const now = inHand() ? `You sit out from the next ${next}: this one is still yours to play. `
        : view && view.points ? "You are sitting out: no cards, no points. " : "You are sitting out: no cards, no ante. ";
      return el("p", { id: "sitting-out", role: "status" }, now,
        el("button", { id: "back", onclick: () => send({ type: "back" }) }, "I'm back"));
    }
    if (view && view.to_act !== null && (view.seat !== you || !view.cards[you].length)) {
      return el("p", { id: "sitting-out", role: "status" }, `This ${next} was dealt without you: you are dealt in from the next one.`);
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

  // One seat: who plays it (the dealer's button beside the name, a ring counting down its turn),
  // its stake (or points) and its bet as chips, and its cards (backs for hidden ones). Yours,
  // in the dock, with cards to choose or turn. ``place``: where it sits around the felt (none
  // for yours). No Sit button while your seat request waits for the host: the server would
  // refuse it.
  const seatBox = (s, game, place) => {
    const { view, you, last, table, deadline } = state;
    const cards = view ? view.cards[s.seat] : [];
    const mine = s.seat === you;
    const waiting = request && request.status === "waiting";
    const who = s.computer ? computerName(s.computer) : s.player ?? (me && you === null && !waiting
      ? el("button", { class: "sit", onclick: sit(s.seat) }, "Sit") : "open");
    const over = view && view.to_act === null && last && last.hand === view.hand;
    const won = over && [...last.high_winners, ...last.low_winners].includes(s.seat);
    const acting = view && view.to_act === s.seat;
    const hidden = cards.filter((c) => c === null).length;
    const bet = view && view.committed ? view.committed[s.seat] : 0;
    return el("div", {
      class: `seat${acting ? " to-act" : ""}${mine ? " you" : ""}${view && !view.live[s.seat] ? " out" : ""}${won ? " won" : ""}`,
      "data-seat": s.seat, "aria-current": acting ? "true" : null,
      "data-side": place ? place.side : null, style: place ? `--place: ${place.at}` : null,
    },
    el("div", { class: "who" }, `${s.seat + 1}. `, who,
      view && view.dealer === s.seat ? el("span", { class: "dealer", role: "img", "aria-label": "dealer", title: "dealer" }, "D") : null,
      acting && deadline && !mine ? ring(table.turn_seconds) : null,
      won ? el("span", { class: "winner" }, " ★ won") : null,
      table.away.includes(s.seat) ? " · away" : table.sitting_out.includes(s.seat) ? " · sitting out" : ""),
    view ? el("div", { class: `stake ${moved(s.seat, stakeOf(s.seat))}`, "data-stake": stakeOf(s.seat) },
      el("span", { class: "amount" }, view.points ? `${-stakeOf(s.seat)} points` : `stake ${stakeOf(s.seat)}`),
      bet ? el("span", { class: "bet-part" }, " · ", chipStack(bet, `bet ${bet}`, { class: "bet" })) : "",
      hidden > 5 ? ` · ${hidden} cards` : "") : null,
    won && !view.points && last.net[s.seat] > 0 ? chipStack(last.net[s.seat], `+${last.net[s.seat]}`, { class: "winnings" }) : null,
    el("div", { class: "cards" }, setApart(cards, view, game,
      (c, i) => (mine && c !== null ? ownCard(c, i) : card(c, c === null ? {} : { class: `card${turnedUp(s.seat, i)}` })))));
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
  const orienting = () => Boolean(state.view && state.view.legal && state.view.legal.shapes.some((s) => s.shape === "orient"));
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
      for (const node of nodes) {
        (node.querySelector(".left") || node).textContent = `${node.dataset.countdown}${left} s`;
        // a ring: the share of the turn's time left
        if (node.dataset.total > 0) node.style.setProperty("--left", String(Math.min(1, left / node.dataset.total)));
      }
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
    room.disconnect();
    for (const name of ["--dock-left", "--dock-width", "--dock-room"]) root.removeProperty(name);
    offline(false); stopKeys(); turnAlert(null, null); if (socket) socket.close();
  };
}

// Where the other seats sit around the felt on a wide screen, in the order they sit after
// yours (yours is the dock, below the felt): up the left side from the bottom, across the top
// from the left, down the right side; the pot and the board in the middle. Each seat is a cell
// of a grid (``--place``: its column and row, and which side it is on), so no two can overlap.
// A phone stacks them above the pot instead (style.css).
function around(n) {
  const side = n <= 2 ? 0 : n <= 5 ? 1 : n <= 7 ? 2 : 3;
  const top = n - 2 * side;
  const cols = top + (side ? 2 : 0);
  const seats = [];
  for (let i = 0; i < side; i++) seats.push({ side: "left", at: `${side + 1 - i} / 1` });
  for (let i = 0; i < top; i++) seats.push({ side: "top", at: `1 / ${i + (side ? 2 : 1)}` });
  for (let i = 0; i < side; i++) seats.push({ side: "right", at: `${i + 2} / ${cols}` });
  const center = side ? `2 / 2 / ${side + 2} / ${cols}` : `2 / 1 / 3 / ${cols + 1}`;
  return { cols: Math.max(cols, 1), rows: side ? side + 1 : 2, seats, center };
}

// A seat in a result's words for the one reading it: "you" for your own, else the player's
// name (a name shared by several seats, the computers', says which seat).
function named(players, seat, you) {
  if (seat === you) return "you";
  const name = players[seat];
  return players.filter((p) => p === name).length > 1 ? `${name} at seat ${seat + 1}` : name;
}

// The last hand's result in the events' own words (the hands shown, the dealer's hand, who
// won what and why), and what it did to each seat, by name; at the end of a game of points,
// its points table: each player's points round by round and in total (``game``: the night's
// standings of that game).
// A points game's stakes and nets are minus the points (fewer is better): shown as points.
// The result says its own unit (at a table of dealer's choice the hand now dealt may be
// another game's); a result stored before it did takes the view's.
function showdown(last, view, you, round, game) {
  const points = last.points ?? Boolean(view && view.points);
  const signed = (n) => (points ? `${-n} points` : `${n > 0 ? "+" : ""}${n}`);
  return el("section", { class: "showdown", id: "showdown", "data-hand": last.hand },
    el("h2", {}, round ? roundWords(round) : `Hand ${last.hand}`),
    el("ul", { class: "said" }, (last.said || []).map((line) => el("li", {}, line))),
    el("ul", { id: "nets" }, last.net.map((n, s) => el("li", { "data-seat": s, class: n > 0 || (points && n === 0) ? "gain" : null },
      `${named(last.players, s, you)}: ${signed(n)}`))),
    points ? el("p", { class: "hint" }, "Points: fewer is better.") : null,
    game ? pointsTable(game) : null);
}

// A game of points as it ended: a row per player, a column per round and the total.
function pointsTable(game) {
  const rounds = Math.max(...game.lines.map((line) => line.points.length));
  return el("table", { class: "points-table", id: "points-table" },
    el("caption", {}, `${game.title}: points by round (fewer is better)`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"),
      Array.from({ length: rounds }, (_, r) => el("th", { scope: "col" }, el("abbr", { title: `round ${r + 1}` }, `R${r + 1}`))),
      el("th", { scope: "col" }, "Total"))),
    el("tbody", {}, game.lines.map((line) => el("tr", {}, el("th", { scope: "row" }, line.name),
      Array.from({ length: rounds }, (_, r) => el("td", {}, line.points[r] ?? "–")), el("td", { class: "total" }, line.total)))));
}
