// The room mode: the table on a shared screen, read from across a room, as a spectator sees it
// (the socket asks to watch, so no private card reaches this page whoever is signed in). An
// oval felt with the seats around it: each seat's name, stake, bet and cards, the dealer
// button, and a word on every seat out of the ordinary (folded, all in, passed, sitting out,
// away); in the middle the pot, the dealer's hand or the play to beat, and the last hand's
// result by name, held until the next deal. Beside it the game's own rows, the result's
// words and each seat's QR code to its own page on a phone. Every word here is a spectator's:
// nothing says "you".
import { call, card, dealNote, el, roundWords, setApart, tournamentPanel } from "./api.js";
import { offline } from "./night.js";

const id = Number(location.pathname.split("/")[2]);
const main = document.getElementById("tv");
let games = {}; // each game as the catalog describes it: its title, how a hand is set apart
// the seats whose latest move in the hand is a pass (Big Two's way out of a trick): the TV
// keeps no log, so it reads each message's new events as they come
const passes = { hand: null, seats: new Set() };

// A seat's player as the results name it: a person's name, a computer's strategy where its
// game shows it (while Hurricane's are hidden, and the draw game's "computer", just "computer").
const seatName = (table, seat) => {
  const s = table.seats[seat];
  if (!s.computer) return s.player ?? "open";
  return ["hidden", "computer"].includes(s.computer) ? "computer" : `${s.computer} (computer)`;
};

// The server's words name seats by number ("Seat 2 wins…"): the room reads names.
const named = (line, players) => line.replace(/\bSeat (\d+)\b/g, (said, n) => players[n - 1] ?? said);

function notePasses(view) {
  if (!view) return;
  if (view.hand !== passes.hand || view.events_from === 0) passes.seats.clear();
  passes.hand = view.hand;
  for (const event of view.events) {
    if (event.type === "Passed") passes.seats.add(event.seat);
    else if (event.type === "Played") passes.seats.delete(event.seat);
  }
  if (!view.board.length) passes.seats.clear(); // a new lead: the trick's passes are over
}

// A seat's stake: during a hand the hand's; between hands the next hand's (a top-up shows).
function stakeOf(state, seat) {
  const { table, view } = state;
  return view.to_act === null && table.stakes.length ? table.stakes[seat] : view.stakes[seat];
}

// The words on a seat out of the ordinary, as badges: what it did in this hand, then whether
// it is dealt the next.
function badges(state, seat, result) {
  const { table, view } = state;
  const words = [];
  if (view && view.cards[seat].length) {
    const chipsIn = (view.committed && view.committed[seat] > 0) || view.pot > 0;
    if (!view.live[seat]) words.push(["folded", "Folded"]);
    else if (!view.points && view.to_act !== null && view.stakes[seat] === 0 && chipsIn) words.push(["all-in", "All in"]);
    else if (passes.seats.has(seat) && view.to_act !== null) words.push(["passed", "Passed"]);
  }
  if (result && result.won.has(seat)) words.push(["won", result.won.get(seat)]);
  if (table.away.includes(seat)) words.push(["away", "Away"]);
  else if (table.sitting_out.includes(seat)) words.push(["sitting-out", "Sitting out"]);
  return words.map(([kind, word]) => el("span", { class: `badge ${kind}`, "data-badge": kind }, word));
}

// Whether a seat's player (as the result names it) played the hand: not an empty seat, not
// one sat out.
const played = (player) => Boolean(player) && player !== "nobody" && !player.endsWith("(sat out)");

// The last hand's result while it is the hand on the felt: who won what, by name.
function resultOf(state) {
  const { view, last } = state;
  if (!last || (view && (last.hand !== view.hand || view.to_act !== null))) return null;
  const points = last.points ?? Boolean(view && view.points);
  const high = new Set(last.high_winners || []);
  const low = new Set(last.low_winners || []);
  const won = new Map();
  last.net.forEach((net, seat) => {
    const both = high.has(seat) && low.has(seat);
    if (both) won.set(seat, "Won both");
    else if (high.has(seat)) won.set(seat, low.size ? "Won high" : "Won");
    else if (low.has(seat)) won.set(seat, "Won low");
    else if (!high.size && !low.size && net > 0 && !points) won.set(seat, "Won");
  });
  const signed = (n) => (points ? `${-n} points` : `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`);
  return { last, won, signed, points };
}

function seatBox(state, game, seat, result) {
  const { table, view } = state;
  const cards = view ? view.cards[seat] : [];
  const hidden = cards.filter((c) => c === null).length;
  const toAct = view && view.to_act === seat;
  const stake = view ? stakeOf(state, seat) : null;
  const bet = view && view.committed ? view.committed[seat] : 0;
  const net = result ? result.last.net[seat] : null;
  // many cards face down (Big Two's thirteen, Pai Gow's seven): one fanned stack and a count
  const drawn = hidden > 5 && hidden === cards.length
    ? [card(null, { class: "card back stack", "aria-label": `${hidden} hidden cards` }), el("span", { class: "count" }, `${hidden} cards`)]
    : setApart(cards, view, game, (c) => card(c));
  return el("li", {
    class: `tv-seat${toAct ? " to-act" : ""}${view && cards.length && !view.live[seat] ? " out" : ""}${result && result.won.has(seat) ? " won" : ""}`,
    "data-seat": seat, "aria-current": toAct ? "true" : null,
  },
    el("div", { class: "who" },
      el("span", { class: "number" }, `${seat + 1}`),
      el("span", { class: "name" }, seatName(table, seat)),
      view && view.dealer === seat ? el("span", { class: "dealer-button", title: "dealer" }, "D") : null),
    el("div", { class: "badges" }, badges(state, seat, result)),
    view ? el("div", { class: "stake", "data-stake": stake },
      view.points ? `${-stake} points` : `Stake ${String(stake).replace("-", "−")}`,
      bet > 0 ? el("span", { class: "bet" }, `Bet ${bet}`) : null,
      net !== null && net !== 0 && !result.points ? el("span", { class: `net ${net > 0 ? "up" : "down"}` }, result.signed(net)) : null) : null,
    el("div", { class: "cards" }, drawn));
}

// The middle of the felt: the pot, the hand and its phase, the dealer's hand or the play to
// beat (the catalog names it), the result, or why nothing is dealt.
function middle(state, game, result) {
  const { table, view } = state;
  const label = view && view.board_is ? view.board_is[0].toUpperCase() + view.board_is.slice(1) : "";
  const said = result ? result.last : null;
  return el("div", { class: "middle" },
    view && view.pot !== null && (view.pot || view.to_act !== null) ? el("div", { id: "pot", "data-pot": view.pot }, `Pot ${view.pot}`) : null,
    // a game of points deals rounds: its round is in the header, its phase here
    view && !said ? el("div", { class: "phase", "data-phase": view.phase }, view.points ? view.phase : `Hand ${view.hand} · ${view.phase}`) : null,
    view && view.board.length ? el("div", { class: "board", id: "board" },
      label ? el("div", { class: "board-is" }, label) : null,
      el("div", { class: "board-cards" }, setApart(view.board, view, game, (c) => card(c)))) : null,
    said ? el("section", { class: "result", id: "tv-result", "data-hand": said.hand },
      // (between rounds the table's round is the one whose result this is)
      el("h2", {}, said.points && table.round ? roundWords(table.round) : `Hand ${said.hand}`),
      el("ul", { class: "nets" }, said.net.map((n, seat) => (played(said.players[seat])
        ? el("li", { "data-seat": seat, class: result.won.has(seat) ? "won" : null },
          el("span", { class: "name" }, said.players[seat]), " ", result.signed(n),
          result.won.has(seat) ? ` · ${result.won.get(seat).toLowerCase()}` : "") : null)),
        said.house ? el("li", { class: said.house > 0 ? "won" : null }, "Dealer ", result.signed(said.house)) : null),
    ) : null,
    table.waiting && !view && !table.over ? el("p", { class: "waiting", id: "tv-waiting" }, table.waiting) : null);
}

// What the table waits for when no one is to act: the game's end, the host, or the next deal.
function status(table) {
  if (table.over) return `Over: ${named(table.over, table.seats.map((s) => seatName(table, s.seat)))}`;
  if (table.paused) return table.waiting || "Paused by the host";
  if (table.preparing) return "Waiting for a computer player to get ready";
  return table.waiting || "Next hand coming";
}

// Seats around the oval: the first at the bottom, the others clockwise, each at a point of an
// ellipse by the matching point of its own box (its bottom edge at the bottom, its left edge
// at the left, in proportion between): however large a seat (Pai Gow's set hands), it stays
// inside the room and out of the middle.
function around(seat, seats) {
  const angle = Math.PI / 2 + (2 * Math.PI * seat) / seats;
  const [across, down] = [50 + 50 * Math.cos(angle), 50 + 50 * Math.sin(angle)];
  return `left: ${across}%; top: ${down}%; transform: translate(${-across}%, ${-down}%)`;
}

function draw(state) {
  const { table, view } = state;
  const game = games[table.game] || {};
  const title = game.title || table.game;
  const result = resultOf(state);
  document.title = `Table #${table.id} on the TV · pokernight`;
  const seats = table.seats.length;
  const side = [
    view && view.rows ? el("section", { class: "rows-box", "aria-label": "the game's rows" },
      el("pre", { class: "rows", id: "rows" }, view.rows.join("\n")),
      view.legend ? el("ul", { class: "legend", id: "legend" }, view.legend.map((line) => el("li", {}, line))) : null) : null,
    result && result.last.said && result.last.said.length ? el("section", { class: "said", id: "tv-said" },
      el("h2", {}, `Hand ${result.last.hand}, as told`),
      el("ul", {}, result.last.said.map((line) => el("li", {}, named(line, result.last.players))))) : null,
    table.games.length ? el("p", { class: "next-game", id: "tv-next-game" }, table.next_game
      ? `Next game: ${(games[table.next_game.game] || {}).title || table.next_game.game}, chosen by ${table.next_game.by}`
      : table.chooser ? `Dealer's choice: ${table.chooser} chooses the next game` : "Dealer's choice") : null,
    dealNote(table),
    el("ul", { class: "tv-qrs", "aria-label": "each seat's page on a phone" }, table.seats.filter((s) => !s.computer).map((s) => el("li", {
      class: "tv-qr", "data-seat": s.seat,
    },
      el("img", {
        class: "qr", src: `/api/tables/${id}/seats/${s.seat}/qr.svg`, width: 96, height: 96,
        alt: `QR code: seat ${s.seat + 1}'s own page on a phone`,
      }),
      el("span", {}, `Seat ${s.seat + 1}`)))),
  ];
  // replaceChildren prints a null as the text "null": drop the parts not shown
  main.replaceChildren(
    el("header", { class: "tv-top" },
      el("h1", {}, `Table #${table.id}: ${title}`),
      table.round ? el("span", { class: "round", id: "tv-round" }, roundWords(table.round)) : null,
      view && view.points ? el("span", { class: "points" }, "Points: fewer is better") : null,
      !view || view.to_act === null ? el("span", { id: "status" }, status(table)) : null),
    el("div", { class: `room${seats > 6 ? " crowded" : ""}`, "data-seats": seats },
      el("div", { class: "felt" }, middle(state, game, result)),
      el("ol", { class: "tv-seats" }, table.seats.map((s) => {
        const box = seatBox(state, game, s.seat, result);
        box.setAttribute("style", around(s.seat, seats));
        return box;
      }))),
    el("aside", { class: "strip" },
      table.tournament ? tournamentPanel(table.tournament, (seat) => seatName(table, seat), "tv-tournament") : null,
      ...side.filter((part) => part !== null)),
  );
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}?watch=1`);
  socket.onopen = () => offline(false);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "state") return;
    notePasses(message.view);
    draw(message);
  };
  socket.onclose = () => { offline(true); setTimeout(connect, 1000); };
}

call("GET", "/api/games")
  .then((found) => { games = found; })
  .catch(() => {})
  .finally(connect);
