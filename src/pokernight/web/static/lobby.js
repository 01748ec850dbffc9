// The lobby: every table (game, options, who sits where), a seat to take, a table to watch,
// and a form to create a table from the games the server offers (each by its title, with a
// line about it). Tables in play come first; the finished ones are folded away. A button at
// the top leads to the form, which a phone would otherwise find only below every table.
import { call, dealNote, el } from "./api.js";
import { leaguesPart } from "./league.js";

// ``current``: whether the page still shows the lobby once the server has answered.
export async function showLobby(main, me, current = () => true) {
  const member = me && !me.guest;
  const [games, tables, leagues] = await Promise.all([
    call("GET", "/api/games"), call("GET", "/api/tables"), member ? call("GET", "/api/leagues") : [],
  ]);
  if (!current()) return;
  const problem = el("p", { class: "problem", id: "problem" });
  const sit = (table, seat) => async () => {
    try {
      await call("POST", `/api/tables/${table}/sit`, { seat });
      location.hash = `#/table/${table}`;
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  // Join: a seat at once, or a request to the host where the host approves seats.
  const join = (table) => async () => {
    try {
      await call("POST", `/api/tables/${table}/request`, {});
      location.hash = `#/table/${table}`;
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  const card = (t) => {
    const people = t.seats.filter((s) => !s.computer);
    const taken = t.seats.filter((s) => s.computer || s.player).length;
    const open = people.some((s) => !s.player) && !t.over;
    return el("li", { class: "table-card", "data-table": t.id },
      el("h3", {}, `#${t.id} ${games[t.game] ? games[t.game].title : t.game}`),
      el("p", { class: "facts" },
        `${taken}/${t.seats.length} seats taken · hand ${t.hand}`, t.host ? ` · host ${t.host}` : "",
        t.paused && !t.over ? " · paused" : "", t.over ? ` · over: ${t.over}` : ""),
      Object.keys(t.options).length ? el("p", { class: "facts" }, Object.entries(t.options).map(([k, v]) => `${k}=${v}`).join(" ")) : null,
      el("p", { class: "facts" }, "stakes ", t.stakes.join(" · ")),
      dealNote(t),
      el("ul", { class: "seat-list" }, t.seats.map((s) => el("li", { class: "seatcell" },
        `${s.seat + 1}: `,
        s.computer ? `computer (${computerName(games[t.game], s.computer)})` : s.player ? s.player
          : me ? el("button", { class: "sit", onclick: sit(t.id, s.seat) }, "Sit") : "open"))),
      el("p", { class: "card-actions" },
        me && open ? el("button", { class: "join", onclick: join(t.id) }, t.approve_seats ? "Ask to join" : "Join") : null,
        el("a", { href: `#/table/${t.id}`, class: "watch button" }, "Watch"),
        el("a", { href: `/tables/${t.id}/tv`, class: "tv button" }, "TV")));
  };
  const live = tables.filter((t) => !t.over);
  const over = tables.filter((t) => t.over);
  const form = me ? createForm(games, problem, leagues.filter((l) => l.yours)) : null;
  const toForm = () => { form.scrollIntoView(); form.querySelector("#new-game").focus(); };
  // replaceChildren would print a null as the text "null": drop the parts not shown
  main.replaceChildren(...[
    el("div", { class: "lobby-top" }, el("h1", {}, "Tables"),
      form ? el("button", { id: "to-new-table", onclick: toForm }, "New table") : null),
    live.length ? el("ul", { class: "lobby", id: "live-tables" }, live.map(card))
      : el("p", {}, over.length ? "No table is being played." : "No tables yet."),
    over.length ? el("details", { class: "finished", id: "finished-tables" },
      el("summary", {}, `Finished tables (${over.length})`),
      el("ul", { class: "lobby" }, over.map(card))) : null,
    problem,
    form || el("p", {}, "Sign up, sign in or play as a guest to create a table."),
    member ? leaguesPart(leagues, problem) : null,
    me && !me.guest ? passwordChange() : null,
  ].filter((part) => part !== null));
}

// A computer seat's player as people read it: "random", or "expert, easy" for a bot that plays
// at a level (named bot:level; its plain name plays the default level).
function computerName(info, name) {
  const [bot, level] = name.split(":");
  const levels = info && info.levels[bot];
  return levels ? `${bot}, ${level || levels.default}` : name;
}

// A seat's row: who plays it (the seats after the first start as the players the house seats
// beside people, in turn) and, for a computer player that takes a level, the level beside it
// (the bot's default chosen), redrawn only when another player is chosen (keeping the level
// picked and the focus).
function seatRow(info, s) {
  const usual = s > 0 ? info.house[(s - 1) % info.house.length] : null;
  const player = el("select", { "data-seat": s },
    el("option", { value: "" }, "person"),
    info.bots.map((b) => el("option", { value: b, selected: b === usual ? "" : null }, `computer: ${b}`)));
  const level = el("span", { class: "level" });
  const draw = () => {
    if (level.dataset.bot === player.value) return;
    level.dataset.bot = player.value;
    const levels = info.levels[player.value];
    level.replaceChildren(...(levels ? [el("label", {}, "difficulty ",
      el("select", { "data-level": s, "aria-label": `difficulty of seat ${s + 1}` },
        levels.names.map((n) => el("option", { value: n, selected: n === levels.default ? "" : null }, n))))] : []));
  };
  player.addEventListener("change", draw);
  draw();
  return el("div", { class: "seat-choice" }, el("label", {}, `seat ${s + 1} `, player), level);
}

function createForm(games, problem, owned = []) {
  const game = el("select", { id: "new-game" }, Object.entries(games).map(([g, info]) => el("option", { value: g }, info.title)));
  const about = el("p", { class: "about", id: "new-about", "aria-live": "polite" });
  const seats = el("input", { id: "new-seats", type: "number", min: 1, max: 10 });
  const turn = el("input", { id: "new-turn", type: "number", min: 0, max: 600, value: 30 });
  const seed = el("input", { id: "new-seed", type: "number", min: 0, placeholder: "random" });
  const verifiable = el("input", { id: "new-verifiable", type: "checkbox" });
  const seatChoices = el("div", { id: "new-seat-choices" });
  // dealer's choice: the other games the table may play, and who chooses the next
  const others = el("span", { id: "new-games" });
  const chooser = el("select", { id: "new-chooser", "aria-label": "who chooses the next game" },
    el("option", { value: "host" }, "the host (you)"), el("option", { value: "dealer" }, "the dealer of each orbit"));
  const pointValue = el("input", { id: "new-point-value", type: "number", min: 0, value: 0 });
  // a sit-and-go: one buy-in, equal chips, the stakes rising on a clock of hands or minutes
  const sitAndGo = el("input", { id: "new-sit-and-go", type: "checkbox" });
  const buyIn = el("input", { id: "new-buy-in", type: "number", min: 0, value: 100 });
  const chips = el("input", { id: "new-chips", type: "number", min: 1, value: 100 });
  const every = el("input", { id: "new-levels-every", type: "number", min: 1, value: 10 });
  const clock = el("select", { id: "new-level-clock", "aria-label": "levels counted in" },
    el("option", { value: "hands" }, "hands"), el("option", { value: "minutes" }, "minutes"));
  const payouts = el("select", { id: "new-payouts", "aria-label": "payouts by place" },
    ["65/35", "50/30/20", "winner-takes-all"].map((p) => el("option", { value: p }, p)));
  const sngHands = el("input", { id: "new-sng-hands", type: "number", min: 1, value: 30 });
  const sngBox = el("fieldset", { class: "sit-and-go", id: "new-sng" });
  // a night of a league you own, counted in its season's standings
  const leagueNight = el("select", { id: "new-league", "aria-label": "a league's night" },
    el("option", { value: "" }, "no league"), owned.map((l) => el("option", { value: l.id }, `${l.name} (season ${l.season})`)));
  const options = el("div", { id: "new-options" });
  // A row per seat: redrawn only when the count changes, keeping the seats already chosen
  // (a redraw on every "change", which fires again when the field loses focus, replaced the
  // option lists under the pointer and lost what had been picked).
  const drawSeats = () => {
    const info = games[game.value];
    const count = Math.max(info.seats[0], Math.min(info.seats[1], Number(seats.value) || info.seats[1]));
    seats.min = info.seats[0];
    seats.max = info.seats[1];
    seats.value = count;
    const rows = [...seatChoices.children].slice(0, count);
    for (let s = rows.length; s < count; s++) rows.push(seatRow(info, s));
    if (rows.length !== seatChoices.children.length || rows.some((row, i) => row !== seatChoices.children[i])) {
      seatChoices.replaceChildren(...rows);
    }
    drawOthers(count);
  };
  // The other games the table may play: those that seat this many (ticks kept on a redraw).
  const drawOthers = (count) => {
    const ticked = new Set([...others.querySelectorAll("input:checked")].map((box) => box.dataset.game));
    const fits = Object.entries(games).filter(([g, other]) => g !== game.value && other.seats[0] <= count && count <= other.seats[1]);
    others.replaceChildren(...(fits.length ? fits.map(([g, other]) => el("label", { class: "toggle" },
      el("input", { type: "checkbox", "data-game": g, checked: ticked.has(g) ? "" : null }), ` ${other.title}`))
      : [`no other game seats ${count}`]));
  };
  const drawGame = () => {
    const info = games[game.value];
    about.textContent = info.about;
    seats.value = "";
    seatChoices.replaceChildren();
    drawSeats();
    options.replaceChildren(...Object.entries(info.options).map(([name, values]) => el("label", { title: info.option_help[name] || "" },
      `${name} `, el("select", { "data-option": name }, values.map((v) => el("option", { value: v }, v))))));
    drawSitAndGo();
  };
  // The sit-and-go's fields, as the game plays one (none: it has no sit-and-go).
  const drawSitAndGo = () => {
    const form = games[game.value].sit_and_go;
    if (!form) { sitAndGo.checked = false; sngBox.replaceChildren(el("legend", {}, "Sit-and-go"), el("p", { class: "hint" }, "This game has no sit-and-go.")); return; }
    // replaceChildren would print a null as the text "null": drop the fields not shown
    sngBox.replaceChildren(...[el("legend", {}, "Sit-and-go (a tournament: one buy-in, places paid)"),
      el("label", {}, sitAndGo, " play a sit-and-go"),
      el("label", {}, " buy-in ", buyIn),
      form.rising ? el("label", {}, " chips each ", chips) : null,
      form.rising ? el("label", {}, " stakes rise every ", every, " ", clock) : null,
      form.by_hands ? el("label", {}, " hands ", sngHands) : null,
      el("label", {}, " payouts ", payouts),
      form.rising ? el("p", { class: "hint", id: "new-sng-mixed" }, "Tick other games under Dealer's choice for a mixed sit-and-go: the games in turn, a level each, the chips carried.") : null,
    ].filter(Boolean));
  };
  game.addEventListener("change", drawGame);
  seats.addEventListener("change", drawSeats);
  drawGame();
  const create = async () => {
    const computers = {};
    for (const select of seatChoices.querySelectorAll("select[data-seat]")) {
      const level = seatChoices.querySelector(`select[data-level="${select.dataset.seat}"]`);
      if (select.value) computers[select.dataset.seat] = level ? `${select.value}:${level.value}` : select.value;
    }
    const chosen = {};
    // Only what differs from the game's default (its first value): the table says what it changed.
    for (const select of options.querySelectorAll("select")) if (select.selectedIndex > 0) chosen[select.dataset.option] = select.value;
    try {
      const table = await call("POST", "/api/tables", {
        game: game.value, seats: Number(seats.value), computers, options: chosen,
        turn_seconds: Number(turn.value), ...(seed.value === "" ? {} : { seed: Number(seed.value) }),
        verifiable: verifiable.checked,
        games: [...others.querySelectorAll("input:checked")].map((box) => box.dataset.game),
        chooser: chooser.value, point_value: Number(pointValue.value) || 0,
        ...(leagueNight.value ? { league: Number(leagueNight.value) } : {}),
        ...(sitAndGo.checked ? { sit_and_go: {
          buy_in: Number(buyIn.value), chips: Number(chips.value), levels_every: Number(every.value),
          minutes: clock.value === "minutes", payouts: payouts.value, hands: Number(sngHands.value),
        } } : {}),
      });
      const open = table.seats.find((s) => !s.computer);
      await call("POST", `/api/tables/${table.id}/sit`, { seat: open.seat });
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  return el("section", { class: "create", id: "new-table" },
    el("h2", {}, "New table"),
    el("label", {}, "game ", game), about, el("label", {}, " seats ", seats),
    el("label", {}, " turn timer (s) ", turn),
    el("label", { title: "a practice table: the same seed deals the same table as pokernight play --seed, until anyone else sits down" }, " seed ", seed),
    el("label", { title: "the server publishes the hash of its secret now and the secret once the table is over" }, " ", verifiable, " verifiable deal"),
    seatChoices, options,
    el("fieldset", { class: "dealers-choice" }, el("legend", {}, "Dealer's choice (one table, game after game)"),
      el("p", { class: "hint" }, "Also play: ", others),
      el("label", {}, "the next game is chosen by ", chooser)),
    el("label", { title: "Mount Holyoke Poker is played for points: 0 keeps points apart from the chips" }, "chips a point is worth ", pointValue),
    sngBox,
    owned.length ? el("label", {}, "a night of the league ", leagueNight) : null,
    el("p", { class: "hint" }, "A table with seats for friends deals once you press Deal."),
    el("button", { id: "create", onclick: create }, "Create and sit"));
}

// Your password, changed given the old one: every other session of the account ends (its
// pages closed), this one goes on. Below the lobby's form, folded until wanted.
function passwordChange() {
  const old = el("input", { id: "old-password", type: "password", placeholder: "old password", "aria-label": "old password", autocomplete: "current-password" });
  const fresh = el("input", { id: "new-password", type: "password", placeholder: "new password", "aria-label": "new password", autocomplete: "new-password" });
  const said = el("span", { id: "password-said", role: "status" });
  const change = el("button", { id: "change-password", onclick: async () => {
    try {
      const done = await call("POST", "/api/password", { old: old.value, new: fresh.value });
      said.textContent = `Password changed; ${done.ended} other session${done.ended === 1 ? "" : "s"} signed out.`;
      old.value = fresh.value = "";
    } catch (error) { said.textContent = error.message; }
  } }, "Change");
  return el("details", { class: "password", id: "password-box" }, el("summary", {}, "Change your password"),
    el("p", {}, old, " ", fresh, " ", change), said);
}
