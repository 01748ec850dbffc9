// What tests/web/test_layout_browser.py reads of a page on your turn (one evaluation).
(() => {
  const view = { width: window.innerWidth, height: window.innerHeight };
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (node) => { const r = node.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(node).visibility !== "hidden"; };
  const inside = ([l, t, r, b]) => l >= -0.5 && t >= -0.5 && r <= view.width + 0.5 && b <= view.height + 0.5;
  const turn = [...document.querySelectorAll(
    ".your-turn button[data-action], .your-turn button.flip, .your-turn #amount, .seat.you .card")];
  const outside = turn.filter((n) => !inside(box(n))).map((n) => [n.textContent, box(n).map(Math.round)]);
  // cards, stake lines and buttons on the screen: no two of them may overlap (one inside the
  // other, a card's own parts, does not count)
  const parts = [...document.querySelectorAll(".card, .stake, button, input, select")]
    .filter(shown).filter((n) => { const [l, t, r, b] = box(n); return b > 0 && t < view.height && r > 0 && l < view.width; });
  const overlaps = [];
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]];
      if (a.contains(b) || b.contains(a)) continue;
      const [al, at, ar, ab] = box(a);
      const [bl, bt, br, bb] = box(b);
      const w = Math.min(ar, br) - Math.max(al, bl);
      const h = Math.min(ab, bb) - Math.max(at, bt);
      if (w > 0.5 && h > 0.5) {
        const name = (n) => `${n.tagName.toLowerCase()}.${n.className} "${n.textContent.slice(0, 20)}"`;
        overlaps.push(`${name(a)} × ${name(b)}`);
      }
    }
  }
  const small = [...document.querySelectorAll("main button")].filter(shown)
    .filter((n) => n.getBoundingClientRect().height < 44).map((n) => n.textContent);
  const unnamed = [...document.querySelectorAll(".card")].filter((n) => !n.getAttribute("aria-label")).length;
  return { width: document.documentElement.scrollWidth, view, outside, overlaps, count: turn.length, small, unnamed };
})
