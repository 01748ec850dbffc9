// A league's page (``#/league/N``): a season's standings (nights, net chips, sit-and-go places
// and prizes, points), any earlier season chosen, the CSV; its owner adds members and begins
// the next season. The lobby lists your leagues and makes one.
import { call, el } from "./api.js";

export async function showLeague(main, id, current = () => true, season = null) {
  const problem = el("p", { class: "problem", id: "league-problem", role: "status" });
  let data;
  try {
    data = await call("GET", `/api/leagues/${id}/standings${season ? `?season=${season}` : ""}`);
  } catch (error) {
    if (current()) main.replaceChildren(el("p", { class: "problem" }, error.message), el("a", { href: "#/" }, "← Lobby"));
    return;
  }
  if (!current()) return;
  const again = () => showLeague(main, id, current, data.showing);
  const owner = async (path, body) => {
    try { await call("POST", `/api/leagues/${id}/${path}`, body); showLeague(main, id, current); }
    catch (error) { problem.textContent = error.message; }
  };
  const name = el("input", { id: "member-name", placeholder: "a member's name", "aria-label": "a member's name" });
  const seasons = el("select", { id: "league-season", "aria-label": "season", onchange: (e) => showLeague(main, id, current, Number(e.target.value)) },
    Array.from({ length: data.season }, (_, i) => i + 1).map((n) => el("option", { value: n, selected: n === data.showing ? "" : null }, `Season ${n}`)));
  const row = (r, i) => el("tr", {},
    el("td", {}, String(i + 1)), el("th", { scope: "row" }, r.name), el("td", {}, String(r.nights)),
    el("td", {}, r.net > 0 ? `+${r.net}` : String(r.net)), el("td", {}, r.places.join(", ") || "–"),
    el("td", {}, String(r.prizes)), el("td", {}, String(r.points)));
  main.replaceChildren(
    el("div", { class: "tablebar" }, el("a", { href: "#/" }, "← Lobby"),
      el("h1", { id: "league-title" }, `${data.name}: season ${data.showing}`), seasons),
    el("p", { class: "facts" }, `Made by ${data.owner}; members: ${data.members.join(", ")}. Net is the chips won or lost at the season's nights (a sit-and-go's buy-in and prize included); points are a game of points' (fewer is better).`),
    el("table", { class: "standings", id: "league-standings" },
      el("thead", {}, el("tr", {}, ["#", "player", "nights", "net", "places", "prizes", "points"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.standings.map(row))),
    el("p", {}, el("a", { id: "league-csv", href: `/api/leagues/${id}/standings.csv?season=${data.showing}` }, "Standings (CSV)"),
      " · ", el("button", { id: "league-refresh", onclick: again }, "Refresh")),
    !data.yours ? null : el("section", { class: "league-owner" },
      el("h2", {}, "The league's owner"),
      el("label", {}, "add a member ", name), el("button", { id: "add-member", onclick: () => owner("members", { name: name.value }) }, "Add"),
      el("button", { id: "new-season", onclick: () => owner("seasons") }, `Begin season ${data.season + 1}`),
      el("p", { class: "hint" }, "Name a table as this league's night in the lobby's form: it counts in the season it is made in.")),
    problem);
}

// The lobby's part: your leagues, each a link to its page, and a form to make one.
export function leaguesPart(leagues, problem) {
  const name = el("input", { id: "new-league-name", placeholder: "the league's name", "aria-label": "the league's name" });
  const make = async () => {
    try {
      const made = await call("POST", "/api/leagues", { name: name.value });
      location.hash = `#/league/${made.id}`;
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  return el("section", { class: "leagues", id: "leagues" },
    el("h2", {}, "Leagues"),
    leagues.length ? el("ul", {}, leagues.map((l) => el("li", {}, el("a", { href: `#/league/${l.id}` }, l.name), ` · season ${l.season} · ${l.members.length} members`)))
      : el("p", { class: "hint" }, "A league keeps standings across nights, season by season."),
    el("label", {}, "new league ", name), el("button", { id: "make-league", onclick: make }, "Make"));
}
