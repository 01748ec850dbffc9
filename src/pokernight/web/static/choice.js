// Dealer's choice, beside the table: the games this table may play, the one chosen for the
// next deal and who chose it, who chooses now, and, for that person alone, the form to
// choose (a game the host allows, with its options). Drawn from the table's news
// (``pokernight-state``); the form is kept while it is being used. Nothing is shown at a
// table of one game.
import { call, el } from "./api.js";

export function showChoice(side, id, me) {
  const box = el("section", { class: "next-game", id: "next-game", "aria-label": "the next game", hidden: "" });
  const problem = el("p", { class: "problem", id: "choice-problem" });
  const news = el("p", { id: "choice-news", role: "status" });
  const form = el("div", { class: "choose" });
  box.append(el("h2", {}, "Dealer's choice"), news, form, problem);
  side.prepend(box);
  let games = null; // the catalog's games: titles and options
  let offered = ""; // the games the form was drawn for
  const title = (g) => (games && games[g] ? games[g].title : g);

  const drawForm = (allowed) => {
    const game = el("select", { id: "choice-game", "aria-label": "next game" },
      allowed.map((g) => el("option", { value: g }, title(g))));
    const options = el("span", { class: "choice-options" });
    const drawOptions = () => options.replaceChildren(...Object.entries(games[game.value].options).map(([name, values]) =>
      el("label", { title: games[game.value].option_help[name] || "" }, ` ${name} `, el("select", { "data-option": name }, values.map((v) => el("option", { value: v }, v))))));
    game.addEventListener("change", drawOptions);
    drawOptions();
    const choose = el("button", { id: "choose-game", onclick: async () => {
      const chosen = {};
      for (const select of options.querySelectorAll("select")) if (select.selectedIndex > 0) chosen[select.dataset.option] = select.value;
      try {
        await call("POST", `/api/tables/${id}/next-game`, { game: game.value, options: chosen });
        problem.textContent = "";
      } catch (error) { problem.textContent = error.message; }
    } }, "Choose");
    form.replaceChildren(el("label", {}, "Next game ", game), options, choose);
  };

  const onState = async (event) => {
    const { table } = event.detail;
    box.hidden = !table.games.length || Boolean(table.over);
    if (box.hidden) return;
    if (!games) games = await call("GET", "/api/games");
    const chosen = table.next_game;
    news.textContent = [
      `This table plays ${table.games.map(title).join(", ")}.`,
      chosen ? `Next: ${title(chosen.game)}${Object.keys(chosen.options).length ? ` (${Object.entries(chosen.options).map(([k, v]) => `${k}=${v}`).join(", ")})` : ""}, chosen by ${chosen.by}.`
        : `${title(table.game)} goes on.`,
      table.chooser ? (me && table.chooser === me.name ? "You choose the next game." : `${table.chooser} chooses the next game.`) : "",
    ].filter(Boolean).join(" ");
    const mine = Boolean(me && table.chooser === me.name);
    if (!mine) { form.replaceChildren(); offered = ""; return; }
    if (offered !== table.games.join() || !form.children.length) {
      if (form.contains(document.activeElement)) return; // being used: kept
      offered = table.games.join();
      drawForm(table.games);
    }
  };
  window.addEventListener("pokernight-state", onState);
  return () => window.removeEventListener("pokernight-state", onState);
}
