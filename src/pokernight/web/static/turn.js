// Your turn's panel: exactly the legal actions, drawn from the shapes the server describes them
// in and never from their words. Buttons for the ones taken as they are (a call says what it
// costs), card selection for the ones that name cards, an amount for a range of wagers, a flip
// per card for orientations; the turn timer beside them. While you choose cards (or turn
// them), the server is asked about the choice (``try``): the game's reason when it would be
// refused, what it would make of your hand, and a warning when it would cost you (a fouled
// hand). Where the game names a move for you (Pai Gow's house way), a button asks for it and
// chooses its cards.
import { el } from "./api.js";

// A countdown drawn as a ring around the seconds left (the table's ``tick`` fills in both):
// the time left of a turn, ``words`` before the seconds.
export function ring(total, words = "", attrs = {}) {
  return el("span", { ...attrs, class: "ring", "data-countdown": words, "data-total": total }, el("span", { class: "left" }));
}

export function turnPanel(state, choice, game, { act, redraw, ask }) {
  const { view, you } = state;
  if (!view || you === null || view.to_act !== you || !view.legal) {
    return el("div", { class: "actions", id: "actions" }, view && view.to_act !== null ? `Waiting for seat ${view.to_act + 1}` : "");
  }
  const legal = view.legal;
  const hole = view.cards[you];
  const chosen = hole.filter((c) => choice.selected.has(c));
  const panel = el("div", { class: "actions your-turn", id: "actions", "data-seq": state.seq, role: "group", "aria-label": "your turn" },
    el("strong", {}, "Your turn "), state.deadline ? ring(state.table.turn_seconds, "", { id: "timer" }) : null);
  // the action your cards make now, to ask the server about (null: nothing chosen to ask), and
  // whether it is one of the legal actions listed (then only a game that previews is asked)
  let tentative = null;
  let listed = false;
  const told = (action) => (choice.tried && choice.tried.action === action ? choice.tried : null);
  const fouls = (action) => (told(action) && told(action).warning ? " — fouls!" : "");
  // each family of decisions as the server describes it (``legal.shapes``): buttons first,
  // then the choices made with your cards
  const shapes = legal.shapes;
  for (const shape of shapes) {
    if (shape.shape === "choice") {
      panel.append(el("button", { "data-action": shape.action, "data-key": shape.key, onclick: () => act(shape.action) }, shape.label));
    } else if (shape.shape === "amount" && shape.amounts) {
      panel.append(...shape.amounts.map((n) => `${shape.verb} ${n}`).map((a) => el("button", { "data-action": a, "data-key": shape.key, onclick: () => act(a) }, a)));
    } else if (shape.shape === "amount") {
      const amount = el("input", { id: "amount", type: "number", min: shape.low, max: shape.high, value: shape.low, "aria-label": "amount" });
      panel.append(amount, el("button", { "data-action": shape.verb, "data-key": shape.key, onclick: () => act(`${shape.verb} ${amount.value}`) }, `${shape.verb} (${shape.low}–${shape.high})`));
    }
  }
  for (const shape of shapes) {
    if (shape.shape === "cards" && shape.actions) {
      const wanted = `${shape.verb} ${chosen.join(" ")}`;
      const match = shape.actions.find((a) => same(a, wanted));
      if (chosen.length) { tentative = match || wanted; listed = Boolean(match); }
      panel.append(el("button", { "data-action": shape.verb, "data-key": shape.key, disabled: match ? null : "", onclick: () => act(match) },
        `${shape.verb} selected (${chosen.length})${match ? fouls(match) : ""}`));
    } else if (shape.shape === "cards") {
      if (chosen.length) tentative = `${shape.verb} ${chosen.join(" ")}`;
      panel.append(el("button", { "data-action": shape.verb, "data-key": shape.key, disabled: chosen.length ? null : "", onclick: () => act(`${shape.verb} ${chosen.join(" ")}`) },
        `${shape.verb} selected (${chosen.length})${tentative ? fouls(tentative) : ""}`), el("span", { class: "hint" }, ` ${legal.summary}`));
    } else if (shape.shape === "orient") {
      const turn = (i) => () => { choice.flips[i] = choice.flips[i] ? 0 : 1; redraw(); };
      tentative = `${shape.verb} ${hole.map((_, i) => choice.flips[i] || 0).join(",")}`;
      panel.append(
        el("span", { class: "hint" }, " turn cards so the top ends make your high hand: "),
        ...hole.map((c, i) => el("button", { class: "flip", "data-flip": i, onclick: turn(i) }, `${choice.flips[i] ? "turned" : "as dealt"} ${c}`)),
        el("button", { "data-action": shape.verb, "data-key": shape.key, onclick: () => act(tentative) }, shape.verb));
    }
  }
  if (shapes.some((shape) => shape.shape === "cards" && shape.actions)) {
    panel.append(el("span", { class: "hint" }, " click your cards to choose them"));
  }
  const suggestion = game.suggestion;
  if (suggestion && view.phase === suggestion.phase) {
    panel.append(el("button", { id: "suggest", class: "suggest", onclick: () => ask({ type: "suggest" }) }, suggestion.label));
  }
  // asked once the choice has rested a moment (cards clicked in a row ask once)
  const asking = tentative && (game.preview || !listed);
  if (asking && choice.asked !== tentative && choice.pending !== tentative) {
    clearTimeout(choice.timer);
    choice.pending = tentative;
    choice.timer = setTimeout(() => {
      choice.asked = tentative;
      choice.pending = null;
      ask({ type: "try", action: tentative });
    }, 200);
  }
  const answer = tentative ? told(tentative) : null;
  if (answer && (answer.problem || answer.preview || answer.warning)) {
    panel.append(el("div", { class: "told", id: "told" },
      answer.problem ? el("p", { class: "why", id: "why", role: "status" }, `Not allowed: ${answer.problem}`) : null,
      answer.preview ? el("p", { class: "preview", id: "preview", role: "status" }, answer.preview) : null,
      answer.warning ? el("p", { class: "warning", id: "warning", role: "alert" }, `Warning: ${answer.warning}`) : null));
  }
  return panel;
}

function same(a, b) {
  const words = (s) => s.split(" ").slice(1).sort().join(" ");
  return a.split(" ")[0] === b.split(" ")[0] && words(a) === words(b);
}
