// The night's hands, below the table: each finished hand with who won what and your net, opened
// to a step by step replay (dealt, then each action, to the showdown; drawn under its line) as
// your seat saw it and as the table showed it, and its PHH file where the game has one. The server replays the stored record and sends only what your seat
// saw; nothing is fetched or kept while the list is folded.
import { call, card, el, setApart } from "./api.js";

// The night's standings: each game played, in its own unit (a game of points by its points
// round by round, total and rounds played, never as chips).
function standingsOf(games, signed) {
  return el("section", { id: "standings", "aria-label": "the night's standings" },
    el("h3", {}, "Standings"),
    games.map((g) => el("div", { class: "standing", "data-game": g.game, "data-unit": g.unit },
      el("h4", {}, `${g.title}, hand${g.hands[0] === g.hands[1] ? ` ${g.hands[0]}` : `s ${g.hands[0]}–${g.hands[1]}`} (${g.unit})`),
      el("ol", {}, g.lines.map((line) => el("li", {}, g.unit === "points"
        ? `${line.name}: ${line.total} points (${line.points.map((p) => (p === null ? "–" : p)).join(", ")}), ${line.played} of ${line.points.length} rounds played`
        : `${line.name}: ${signed(line.net)} chips over ${line.played} hands`))))));
}

// One finished hand in a line: every winner by name ("you" for your own seat; a name two
// seats share, two computers', with its seat) and what each won (a share of the pot, a wager
// won against the dealer, points), then your net.
function handLine(h, signed) {
  const unit = h.points ? " points" : "";
  const named = (w) => (w.seat === null ? w.name : w.seat === h.seat ? "you"
    : h.players.filter((p) => p === w.name).length > 1 ? `${w.name} at seat ${w.seat + 1}` : w.name);
  // the dealer (no seat) is named by what it is: "the dealer won 20", no share said
  const won = h.winners.map((w) => `${named(w)} won ${w.won}${unit}${w.seat === null ? "" : SHARES[w.share] || ""}`);
  return [`Hand ${h.hand}`, h.seat === null ? " (watched)" : "", " · ", won.join(", ") || "no one won",
    h.seat === null ? "" : ` · your net ${signed(h.net[h.seat])}${unit}`].join("");
}

// how a share is said after what it won: a pot's high or low half, a banking seat's take
const SHARES = { high: " (high)", low: " (low)", bank: " (bank)" };

export function historyPanel(id) {
  const body = el("div", { class: "history-body" });
  const node = el("details", { class: "history", id: "history" },
    el("summary", {}, "The night's hands"), body);
  let opened = null; // the hand being replayed: its steps and the step shown
  let catalog = null; // the games: the hands each one's finished cards are set into

  const list = async () => {
    let hands;
    let games;
    try {
      [hands, games] = await Promise.all([call("GET", `/api/tables/${id}/hands`), call("GET", `/api/tables/${id}/standings`)]);
    } catch (error) {
      body.replaceChildren(el("p", { class: "problem" }, error.message));
      return;
    }
    if (!node.open) return;
    const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
    // replaceChildren would print a null as the text "null": the standings only once a hand is over
    body.replaceChildren(...(games.length ? [standingsOf(games, signed)] : []),
      hands.length ? el("ol", { class: "hands", id: "hands", reversed: "" }, hands.map((h) => el("li", { "data-hand": h.hand },
        el("span", { class: "hand-line" }, handLine(h, signed)),
        el("button", { class: "replay", "data-hand": h.hand, onclick: () => open(h.hand) }, "Replay"),
        h.phh ? el("a", { class: "phh", href: `/api/tables/${id}/hands/${h.hand}/phh`, download: `table-${id}-hand-${h.hand}.phh` }, "PHH") : null,
        opened && opened.hand === h.hand ? replayer() : null))) : el("p", {}, "No hand is over yet."));
  };

  const open = async (number) => {
    try {
      catalog = catalog || await call("GET", "/api/games");
      opened = { ...(await call("GET", `/api/tables/${id}/hands/${number}`)), at: 0 };
    } catch (error) {
      body.append(el("p", { class: "problem" }, error.message));
      return;
    }
    await list();
    document.getElementById("replay")?.scrollIntoView({ block: "nearest" });
    document.getElementById("replay-next")?.focus();
  };

  // Show step ``at``; the button pressed keeps the focus (Close, once it can go no further)
  // and the seats the step moved stay in sight: on a phone they are below the buttons (and
  // clear of the table's dock: the seats' own scroll margin).
  const go = (at, from) => () => {
    opened.at = Math.max(0, Math.min(opened.steps.length - 1, at));
    const old = document.getElementById("replay");
    if (old) old.replaceWith(replayer());
    const again = document.getElementById(from);
    (again && !again.disabled ? again : document.getElementById("replay-close")).focus({ preventScroll: true });
    document.getElementById("replay-seats").scrollIntoView({ block: "nearest" });
  };

  // One step of the hand being replayed as the table showed it: what this step did (at the
  // end, the result, a line each, as the table said it), where it stands (pot, phase, the board
  // or the dealer's hand, each seat's stake and cards as you saw them, a finished hand's cards
  // set apart into its hands) and the log so far.
  const replayer = () => {
    const { steps, at, players, hand } = opened;
    const step = steps[at];
    const game = catalog[step.game] || { set_as: [] };
    const last = at === steps.length - 1;
    const log = steps.slice(0, at + 1).flatMap((s) => s.events).filter((e) => e.text);
    const fresh = step.events.filter((e) => e.text && !(last && opened.said.includes(e.text))).map((e) => e.text);
    return el("section", { id: "replay", class: "replayer", "data-hand": hand, "data-step": at, "aria-label": `hand ${hand} replayed` },
      el("h3", {}, `Hand ${hand}: step ${at + 1} of ${steps.length}`),
      el("p", { class: "replay-controls" },
        el("button", { id: "replay-start", onclick: go(0, "replay-start"), disabled: at === 0 ? "" : null }, "Start"),
        el("button", { id: "replay-back", onclick: go(at - 1, "replay-back"), disabled: at === 0 ? "" : null }, "◀ Back"),
        el("button", { id: "replay-next", onclick: go(at + 1, "replay-next"), disabled: last ? "" : null }, "Next ▶"),
        el("button", { id: "replay-end", onclick: go(steps.length - 1, "replay-end"), disabled: last ? "" : null }, "End"),
        el("button", { id: "replay-close", onclick: () => { opened = null; list(); } }, "Close")),
      el("p", { class: "replay-now", id: "replay-now", role: "status" }, at === 0 ? "Dealt" : fresh.join(" · ") || (last ? "The hand is over" : "…")),
      last ? el("ul", { class: "said", id: "replay-result" }, opened.said.map((line) => el("li", {}, line))) : null,
      el("p", { class: "phase" }, `${step.phase}${step.pot !== null ? ` · pot ${step.pot}` : ""}`),
      step.board.length ? el("div", { class: "board", id: "replay-board" },
        step.board_is ? el("div", { class: "board-is" }, step.board_is) : null, setApart(step.board, step, game, (c) => card(c))) : null,
      // the dock fixed over the foot of a phone's screen (your turn at the table) hides nothing
      el("ul", { class: "replay-seats", id: "replay-seats", style: "scroll-margin-bottom: var(--dock-room, 0px)" }, players.map((who, s) => el("li", { "data-seat": s, class: step.to_act === s ? "to-act" : null },
        el("span", { class: "who" }, `${s + 1}. ${who}${opened.seat === s ? " (you)" : ""}${step.dealer === s ? " (D)" : ""}`),
        el("span", { class: "stake" }, step.points ? `${-step.stakes[s]} points` : `stake ${step.stakes[s]}`),
        el("span", { class: "cards" }, setApart(step.cards[s], step, game, (c) => card(c)))))),
      step.rows ? el("pre", { class: "rows", tabindex: 0 }, step.rows.join("\n")) : null,
      el("ol", { class: "replay-log", tabindex: 0, "aria-label": "what happened so far" }, log.map((e) => el("li", {}, e.text))));
  };

  node.addEventListener("toggle", () => {
    if (node.open) list();
    else { opened = null; body.replaceChildren(); } // folded: nothing of it kept in the page
  });
  // a hand just finished: the open list shows it
  const hand = () => { if (node.open && !opened) list(); };
  return { node, hand };
}
