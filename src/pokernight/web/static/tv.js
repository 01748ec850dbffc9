// The room mode: the table on a shared screen in large type, as a spectator sees it (the
// socket asks to watch, so no private card reaches this page whoever is signed in), the seat
// to act highlighted, and each seat's QR code to its own page on a phone.
import { call, card, dealNote, el, setApart } from "./api.js";
import { offline } from "./night.js";

const id = Number(location.pathname.split("/")[2]);
const main = document.getElementById("tv");
let games = {}; // each game as the catalog describes it: its title, how a hand is set apart

function draw(state) {
  const { table, view, last } = state;
  const game = games[table.game] || {};
  const title = game.title || table.game;
  document.title = `Table #${table.id} on the TV · pokernight`;
  // replaceChildren prints a null as the text "null": drop the parts not shown
  main.replaceChildren(...[
    el("h1", {}, `Table #${table.id}: ${title}`,
      view ? el("span", { class: "phase" }, ` · hand ${view.hand} · ${view.phase}`) : null,
      view && view.pot !== null ? el("span", { id: "pot" }, ` · pot ${view.pot}`) : null,
      table.paused ? el("span", { class: "paused" }, " · paused") : null,
      table.over ? el("span", {}, ` · over: ${table.over}`) : null),
    dealNote(table),
    table.waiting && !view ? el("p", { class: "waiting", id: "tv-waiting" }, table.waiting) : null,
    table.games.length ? el("p", { class: "next-game", id: "tv-next-game" }, table.next_game
      ? `Next game: ${(games[table.next_game.game] || {}).title || table.next_game.game}, chosen by ${table.next_game.by}`
      : table.chooser ? `Dealer's choice: ${table.chooser} chooses the next game` : "Dealer's choice") : null,
    view && view.board.length ? el("div", { class: "board" }, setApart(view.board, view, game, (c) => card(c))) : null,
    el("ol", { class: "tv-seats" }, table.seats.map((s) => el("li", {
      class: `tv-seat${view && view.to_act === s.seat ? " to-act" : ""}`, "data-seat": s.seat,
      "aria-current": view && view.to_act === s.seat ? "true" : null,
    },
      el("div", { class: "who" }, `${s.seat + 1}. `, s.computer ? `computer (${s.computer})` : s.player ?? "open",
        view && view.dealer === s.seat ? " (D)" : "", table.away.includes(s.seat) ? " · away" : ""),
      view ? el("div", { class: "stake" }, view.points ? `${-view.stakes[s.seat]} points` : `stake ${view.stakes[s.seat]}`) : null,
      el("div", { class: "cards" }, view ? setApart(view.cards[s.seat], view, game, (c) => card(c)) : []),
      s.computer ? null : el("img", {
        class: "qr", src: `/api/tables/${id}/seats/${s.seat}/qr.svg`, width: 120, height: 120,
        alt: `QR code: seat ${s.seat + 1}'s cards on your phone`,
      })))),
    last ? el("section", { class: "showdown" }, el("h2", {}, `Hand ${last.hand}`),
      el("ul", {}, (last.said || []).map((line) => el("li", {}, line)))) : null,
  ].filter((part) => part !== null));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}?watch=1`);
  let state = null;
  socket.onopen = () => offline(false);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "state") return;
    if (message.view && message.view.events_from > 0) {
      // this page keeps no log: only the latest state is drawn
      message.view.events = [];
    }
    state = message;
    draw(state);
  };
  socket.onclose = () => { offline(true); setTimeout(connect, 1000); };
}

call("GET", "/api/games")
  .then((found) => { games = found; })
  .catch(() => {})
  .finally(connect);
