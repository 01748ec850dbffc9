// What tests/web/test_layout_browser.py reads of a table page (one evaluation).
(() => {
  const view = { width: window.innerWidth, height: window.innerHeight };
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  // (a folded menu's contents keep a box, out of sight)
  const shown = (node) => { const r = node.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && node.checkVisibility({ visibilityProperty: true }); };
  const inside = ([l, t, r, b], [L, T, R, B]) => l >= L - 0.5 && t >= T - 0.5 && r <= R + 0.5 && b <= B + 0.5;
  const screen = [0, 0, view.width, view.height];
  const turn = [...document.querySelectorAll(
    ".your-turn button[data-action], .your-turn button.flip, .your-turn #amount, .seat.you .card")];
  const outside = turn.filter((n) => !inside(box(n), screen)).map((n) => [n.textContent, box(n).map(Math.round)]);
  // The dock fixed to the bottom on your turn: what the page has scrolled under it is out of
  // sight there, as what has scrolled off the top is (the page keeps room to scroll it back).
  const dock = document.querySelector(".dock.yours");
  const floor = dock && getComputedStyle(dock).position === "fixed" ? dock.getBoundingClientRect().top : view.height;
  const seen = (node) => {
    const [l, t, r, b] = box(node);
    return [l, t, r, dock && dock.contains(node) ? b : Math.min(b, floor)];
  };
  // seats, the pot, the board, cards, stake lines and controls in sight: no two of them may
  // overlap (one inside the other, a seat's own cards, does not count)
  const parts = [...document.querySelectorAll(".seat, #pot, #board, .card, .stake, button, input, select, summary")]
    .filter(shown).filter((n) => { const [l, t, r, b] = seen(n); return b > t && b > 0 && t < view.height && r > 0 && l < view.width; });
  const overlaps = [];
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]];
      if (a.contains(b) || b.contains(a)) continue;
      const [al, at, ar, ab] = seen(a);
      const [bl, bt, br, bb] = seen(b);
      const w = Math.min(ar, br) - Math.max(al, bl);
      const h = Math.min(ab, bb) - Math.max(at, bt);
      if (w > 0.5 && h > 0.5) {
        const name = (n) => `${n.tagName.toLowerCase()}.${n.className} "${n.textContent.slice(0, 20)}"`;
        overlaps.push(`${name(a)} × ${name(b)}`);
      }
    }
  }
  // every card (a set hand's included) inside its seat's box, every board card on the felt:
  // nothing cut at the edge
  const cut = [];
  for (const holder of document.querySelectorAll(".seat, .felt")) {
    const edge = box(holder);
    const held = holder.matches(".felt") ? holder.querySelectorAll("#board .card") : holder.querySelectorAll(".card, .set-hand");
    for (const node of held) {
      if (shown(node) && !inside(box(node), edge)) cut.push(`${node.getAttribute("aria-label") || node.className} of ${holder.className} ${holder.dataset.seat ?? ""}`);
    }
  }
  const small = [...document.querySelectorAll("main button")].filter(shown)
    .filter((n) => n.getBoundingClientRect().height < 44).map((n) => n.textContent);
  const unnamed = [...document.querySelectorAll(".card")].filter((n) => !n.getAttribute("aria-label")).length;
  return { width: document.documentElement.scrollWidth, view, outside, overlaps, cut, count: turn.length, small, unnamed };
})
